// Synthetic snippet table in the shape of go-trafilatura's scripts/comparison/data.go,
// for tests/webeval/check_webeval.py (escapes, raw strings, comments, a missing file).
package main

type ComparisonEntry struct {
	File    string   `json:"file"`
	With    []string `json:"with"`
	Without []string `json:"without"`
}

var comparisonData = map[string]ComparisonEntry{
	"https://example.org/utf8": {
		File:  "utf8.html",
		Title: "A \"quoted\" title // not a comment",
		With: []string{"Der Bär \"tanzt\" im Wald.", "zweite\u00a0Zeile geht weiter", ` Einrückung `},
		Without: []string{"Impressum", "var tracking"}, /* a block comment */
	},
	"https://example.org/latin": {
		File:    "latin.html",
		With:    []string{"Grüße aus Köln", "nicht vorhanden"},
		Without: []string{"Menü"},
	},
	"https://example.org/mock": {
		File:    "in-mock.html",
		With:    []string{"From the mock folder."},
		Without: []string{},
	},
	"https://example.org/missing": {
		File:    "not-there.html",
		With:    []string{"x"},
		Without: []string{"y"},
	},
}
