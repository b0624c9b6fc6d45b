package docx

import (
	"fmt"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/internal/bounds"
)

// A DOCX whose document.xml holds more paragraphs than a document may —
// tiny ones, compressed well under MaxRatio, so the zip-bomb checks pass —
// is refused with a message naming the limit, after reading no more than
// the limit's worth of paragraphs.
func TestHostileParagraphs(t *testing.T) {
	var b strings.Builder
	for i := range bounds.MaxBlocks + 1 {
		b.WriteString(para("", fmt.Sprint(i)))
	}
	src := zipOf(t, map[string]string{"word/document.xml": document(b.String())})
	code, msg := errCode(t, src)
	if code != app.ETooLarge || msg != "too many paragraphs: this file has more than 500,000; Archivist imports at most 500,000" {
		t.Fatalf("error = %s %q", code, msg)
	}
}

// Notes are held whole while they are read, so a notes part of more
// elements than maxNoteElements is refused.
func TestHostileNotes(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<w:footnotes ` + nsW + `><w:footnote w:id="1">`)
	for i := range maxNoteElements/3 + 1 {
		b.WriteString(para("", fmt.Sprint(i)))
	}
	b.WriteString(`</w:footnote></w:footnotes>`)
	src := zipOf(t, map[string]string{
		"word/document.xml":  document(para("", "body")),
		"word/footnotes.xml": b.String(),
	})
	code, msg := errCode(t, src)
	if code != app.ETooLarge || !strings.HasPrefix(msg, "too many elements") {
		t.Fatalf("error = %s %q", code, msg)
	}
}
