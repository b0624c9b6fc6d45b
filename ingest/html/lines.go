package html

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	xhtml "golang.org/x/net/html"

	"archivist/app"
	"archivist/ingest/internal/srctext"
)

// Line placement. The parsed tree has no source positions, so the source
// is tokenized a second time into its text without white space, each
// byte remembering its line; each block's first and last text are then
// looked for in it, in reading order, never going back.
const (
	// keyLen is how many bytes of a block's text, white space left out,
	// are looked for: enough to be unique in practice.
	keyLen = 32
	// searchWindow bounds how far past the previous block a block's text
	// is looked for, in bytes of text: a block that is not found costs
	// no more than this.
	searchWindow = 128 << 10
)

// rawText are the elements whose content the tokenizer returns as text
// but a browser does not show.
var rawText = map[string]bool{
	"script": true, "style": true, "textarea": true, "title": true, "noscript": true,
	"xmp": true, "iframe": true, "noembed": true, "noframes": true,
}

// stream is the source's text with white space left out.
type stream struct {
	text []byte
	line []int32 // source line of each byte of text
}

func newStream(src []byte, lines *srctext.Lines) *stream {
	s := &stream{text: make([]byte, 0, len(src)), line: make([]int32, 0, len(src))}
	z := xhtml.NewTokenizer(bytes.NewReader(src))
	off := 0
	skip := false // inside a raw-text element
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			return s
		}
		start := off
		off += len(z.Raw())
		switch tt {
		case xhtml.StartTagToken:
			// TagName costs a copy; only raw-text elements matter here.
			skip = false
			if raw := z.Raw(); len(raw) > 1 && strings.IndexByte("sStTnNxXiI", raw[1]) >= 0 {
				name, _ := z.TagName()
				skip = rawText[string(name)]
			}
		case xhtml.EndTagToken:
			skip = false
		case xhtml.TextToken:
			if !skip {
				line := int32(lines.Of(start))
				if k := len(s.line); k > 0 {
					// A newline written as a character reference moves
					// the count on without a source line break.
					line = max(line, s.line[k-1])
				}
				s.add(z.Text(), line)
			}
		}
	}
}

// add appends the text of one text token starting on line, white space
// and invisible characters left out as text.add leaves them out.
func (s *stream) add(t []byte, line int32) {
	for i := 0; i < len(t); {
		c := t[i]
		if c < utf8.RuneSelf {
			i++
			switch c {
			case '\n':
				line++
				continue
			case ' ', '\t', '\r', '\f', '\v', 0:
				continue
			}
			s.text = append(s.text, c)
			s.line = append(s.line, line)
			continue
		}
		r, size := utf8.DecodeRune(t[i:])
		i += size
		switch {
		case unicode.IsSpace(r) || r == '\u00ad' || r == '\u200b' || r == '\ufeff':
			continue
		case r == utf8.RuneError && size == 1:
			r = '\uFFFD'
		}
		n := len(s.text)
		s.text = utf8.AppendRune(s.text, r)
		for range len(s.text) - n {
			s.line = append(s.line, line)
		}
	}
}

// squeeze returns up to keyLen bytes of t without white space, from its
// start or, with end set, from its end, cut at a rune boundary.
func squeeze(t string, end bool) []byte {
	var out []byte
	if !end {
		for _, r := range t {
			if isSpace(r) {
				continue
			}
			if len(out)+utf8.RuneLen(r) > keyLen {
				break
			}
			out = utf8.AppendRune(out, r)
		}
		return out
	}
	var rev []rune
	n := 0
	for i := len(t); i > 0; {
		r, size := utf8.DecodeLastRuneInString(t[:i])
		i -= size
		if isSpace(r) {
			continue
		}
		if n+utf8.RuneLen(r) > keyLen {
			break
		}
		n += utf8.RuneLen(r)
		rev = append(rev, r)
	}
	for i := len(rev) - 1; i >= 0; i-- {
		out = utf8.AppendRune(out, rev[i])
	}
	return out
}

func isSpace(r rune) bool { return unicode.IsSpace(r) }

// placeLines sets each block's LineStart and LineEnd, and each section's
// LineStart from its heading block. A block whose text is not found gets
// the line where the previous block's text was found.
func placeLines(src []byte, lines *srctext.Lines, p *app.Parsed, keys []key) {
	if len(p.Blocks) == 0 {
		return
	}
	s := newStream(src, lines)
	cursor := 0
	lineAt := func(i int) int {
		if i < len(s.line) {
			return int(s.line[i])
		}
		if len(s.line) > 0 {
			return int(s.line[len(s.line)-1])
		}
		return 1
	}
	find := func(k []byte, from int) int {
		if len(k) == 0 || from >= len(s.text) {
			return -1
		}
		i := bytes.Index(s.text[from:min(len(s.text), from+searchWindow)], k)
		if i < 0 {
			return -1
		}
		return from + i
	}
	for i := range p.Blocks {
		b := &p.Blocks[i]
		first := squeeze(keys[i].first, false)
		at := find(first, cursor)
		if at < 0 {
			b.LineStart = lineAt(cursor)
			b.LineEnd = b.LineStart
			continue
		}
		b.LineStart = lineAt(at)
		b.LineEnd = lineAt(at + len(first) - 1)
		last := squeeze(keys[i].last, true)
		if end := find(last, at); end >= 0 {
			b.LineEnd = max(b.LineEnd, lineAt(end+len(last)-1))
		}
		// The next block starts after this one's first words: blocks may
		// overlap in the source (a table's caption, a repeated cell).
		cursor = at + len(first)
	}
	n := lines.Count()
	for i := range p.Blocks {
		b := &p.Blocks[i]
		b.LineStart = min(max(b.LineStart, 1), n)
		b.LineEnd = min(max(b.LineEnd, b.LineStart), n)
		if b.Kind == app.BlockHeading {
			p.Sections[b.Section].LineStart = b.LineStart
		}
	}
}
