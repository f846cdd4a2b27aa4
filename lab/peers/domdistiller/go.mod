module wce/lab/peers/domdistiller

go 1.21

require (
	github.com/markusmobius/go-domdistiller v1.0.0
	golang.org/x/net v0.29.0
)

require (
	github.com/andybalholm/cascadia v1.3.2 // indirect
	github.com/go-shiori/dom v0.0.0-20230515143342-73569d674e1c // indirect
	github.com/gogs/chardet v0.0.0-20211120154057-b7413eaefb8f // indirect
	github.com/mattn/go-colorable v0.1.13 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/rs/zerolog v1.33.0 // indirect
	golang.org/x/sys v0.25.0 // indirect
	golang.org/x/text v0.18.0 // indirect
)
