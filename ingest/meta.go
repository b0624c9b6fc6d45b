package ingest

import (
	"strings"

	"archivist/app"
)

// startChars bounds the text handed to language and date detection: both
// read only the start of a document.
const startChars = 32 << 10

// startText returns the first blocks' text, at most startChars bytes.
func startText(p *app.Parsed) string {
	var b strings.Builder
	for _, bl := range p.Blocks {
		if b.Len() >= startChars {
			break
		}
		b.WriteString(bl.Text)
		b.WriteByte('\n')
	}
	return b.String()
}
