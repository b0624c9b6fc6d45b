package docx

import (
	"fmt"
	"io"
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

func TestParagraphTags(t *testing.T) {
	doc := document(para("", "a") + `<w:p/><w:pPr/><w:proofErr/>` + para("", "b"))
	for _, chunk := range []int{1, 3, 5, 64 << 10} {
		n, err := paragraphTags(&chunked{s: doc, n: chunk}, 100)
		if err != nil || n != 3 {
			t.Errorf("chunks of %d: %d paragraphs, %v; want 3", chunk, n, err)
		}
	}
}

// chunked reads s n bytes at a time.
type chunked struct {
	s string
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.s)
	c.s = c.s[k:]
	return k, nil
}
