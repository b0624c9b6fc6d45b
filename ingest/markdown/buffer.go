package markdown

import (
	"strings"

	"archivist/ingest/internal/srctext"
)

// textBuf gathers one block's text from source pieces. Pieces are placed by
// their source position: before a piece on a later line it writes one "\n"
// per line passed, so the line of any offset in the result is the line of
// the first piece plus the newlines before it (app.Block.LinesOf). While the
// pieces are contiguous in the source the text stays a substring of it, so
// the common plain paragraph costs no copy.
type textBuf struct {
	src   string
	lines *srctext.Lines

	start, end int    // the contiguous run src[start:end], while buf is nil
	buf        []byte // the text once it stopped being contiguous
	copied     bool

	first int // line of the first byte; 0 while empty
	line  int // line the next byte would sit on
}

func (b *textBuf) reset() {
	b.start, b.end, b.buf, b.copied, b.first, b.line = 0, 0, b.buf[:0], false, 0, 0
}

func (b *textBuf) len() int {
	if b.copied {
		return len(b.buf)
	}
	return b.end - b.start
}

// moveTo writes line breaks until the next byte sits on line l.
func (b *textBuf) moveTo(l int) {
	if b.first == 0 {
		b.first, b.line = l, l
		return
	}
	for ; b.line < l; b.line++ {
		if !b.copied && b.end > b.start && b.end < len(b.src) && b.src[b.end] == '\n' {
			b.end++
			continue
		}
		b.materialize()
		b.buf = append(b.buf, '\n')
	}
}

// add appends src[start:stop], a piece of the source.
func (b *textBuf) add(start, stop int) {
	if stop <= start {
		return
	}
	b.moveTo(b.lines.Of(start))
	switch {
	case b.copied:
		b.buf = append(b.buf, b.src[start:stop]...)
	case b.len() == 0:
		b.start, b.end = start, stop
	case start == b.end:
		b.end = stop
	default:
		b.materialize()
		b.buf = append(b.buf, b.src[start:stop]...)
	}
	b.line += strings.Count(b.src[start:stop], "\n")
}

// insert puts s, which is not source text (table cell separators), at
// byte n of the text, on the line the text has reached there.
func (b *textBuf) insert(n int, s string) {
	if s == "" {
		return
	}
	b.materialize()
	b.buf = append(b.buf, s...)
	copy(b.buf[n+len(s):], b.buf[n:len(b.buf)-len(s)])
	copy(b.buf[n:], s)
}

func (b *textBuf) materialize() {
	if b.copied {
		return
	}
	b.buf = append(b.buf[:0], b.src[b.start:b.end]...)
	b.copied = true
}

// text returns the gathered text with surrounding white space trimmed (for
// code, only leading blank lines and trailing white space) and its first
// and last line, or "" when nothing but white space was gathered.
func (b *textBuf) text(code bool) (text string, first, last int) {
	if b.copied {
		text = string(b.buf)
	} else {
		text = b.src[b.start:b.end]
	}
	first = b.first
	// Leading white space: drop whole blank lines for code (to keep the
	// first line's indentation), all of it otherwise; count the lines.
	cut := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\n' {
			first++
			cut = i + 1
			continue
		}
		if c != ' ' && c != '\t' && c != '\f' && c != '\v' {
			if !code {
				cut = i
			}
			break
		}
		if !code {
			cut = i + 1
		}
	}
	text = strings.TrimRight(text[cut:], " \t\n\f\v")
	if strings.TrimSpace(text) == "" {
		return "", 0, 0
	}
	return text, first, first + strings.Count(text, "\n")
}
