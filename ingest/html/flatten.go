package html

import (
	"bytes"
	"strings"

	xhtml "golang.org/x/net/html"
)

// x/net/html refuses a page whose elements nest more than 512 deep. Such
// pages exist (unclosed <font> or <div> tags, generated markup), so Parse
// reads them again with their markup simplified, first keeping the
// elements that give a page its structure, then only those that hide
// text; the page's text is never dropped, and its line numbers stay.
var (
	structural = tagSet("html head body title script style noscript template textarea svg math h1 h2 h3 h4 h5 h6 " +
		"p br pre li ul ol dl dt dd table thead tbody tfoot tr td th caption blockquote figure figcaption " +
		"nav aside header footer main article form select option")
	textOnly = tagSet("html head body title script style noscript template textarea p br")
)

func tagSet(names string) map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(names) {
		m[n] = true
	}
	return m
}

// tooDeep reports whether err is x/net/html's refusal of deep nesting.
func tooDeep(err error) bool {
	return err != nil && strings.Contains(err.Error(), "open stack of elements")
}

// flatten returns src with every tag not in keep replaced by the line
// breaks it spans, so that text keeps its lines.
func flatten(src []byte, keep map[string]bool) []byte {
	out := make([]byte, 0, len(src))
	z := xhtml.NewTokenizer(bytes.NewReader(src))
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			return out
		}
		raw := z.Raw()
		switch tt {
		case xhtml.StartTagToken, xhtml.EndTagToken, xhtml.SelfClosingTagToken:
			name, _ := z.TagName()
			if !keep[string(name)] {
				for range bytes.Count(raw, []byte{'\n'}) {
					out = append(out, '\n')
				}
				continue
			}
		}
		out = append(out, raw...)
	}
}
