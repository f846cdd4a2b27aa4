// Peer-benchmark runner for the Go port of Chromium's DOM Distiller
// (github.com/markusmobius/go-domdistiller, the version pinned in go.mod).
//
// Reads one JSON object per line on stdin ({"id", "html", "url"?}) and writes
// {"id", "text", "ms"} (plus "error") per line on stdout. "text" is the distilled
// content as HTML (the driver renders it with `wce extract --extractor all_text`,
// the same renderer as ours). "ms" is measured here per page and includes the
// parse: distiller.ApplyForReader(html) with pagination detection skipped.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	distiller "github.com/markusmobius/go-domdistiller"
	"golang.org/x/net/html"
)

type record struct {
	ID   string  `json:"id"`
	HTML string  `json:"html"`
	URL  *string `json:"url"`
}

type result struct {
	ID    string  `json:"id"`
	Text  string  `json:"text"`
	Ms    float64 `json:"ms"`
	Error string  `json:"error,omitempty"`
}

func distill(rec *record) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	opts := &distiller.Options{SkipPagination: true}
	if rec.URL != nil {
		if u, e := url.ParseRequestURI(*rec.URL); e == nil {
			opts.OriginalURL = u
		}
	}
	res, err := distiller.ApplyForReader(strings.NewReader(rec.HTML), opts)
	if err != nil || res == nil || res.Node == nil {
		return "", err
	}
	var sb strings.Builder
	if err := html.Render(&sb, res.Node); err != nil {
		return "", err
	}
	return sb.String(), nil
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for {
		line, readErr := in.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			var rec record
			res := result{}
			if err := json.Unmarshal(line, &rec); err != nil {
				res.Error = "bad input: " + err.Error()
			} else {
				res.ID = rec.ID
				t0 := time.Now()
				text, err := distill(&rec)
				res.Ms = float64(time.Since(t0).Nanoseconds()) / 1e6
				res.Text = text
				if err != nil {
					res.Error = err.Error()
				}
			}
			enc.Encode(&res)
			out.Flush()
		}
		if readErr != nil {
			return
		}
	}
}
