package answer

import (
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// Running heads and feet — "Graduate Programme Brochure 7 PwC", "Annual
// Report 2022 | 45" — repeat on every page with only the page number
// changed. They name the document, so they share its words with every
// question about it, but they answer nothing.

// runningMinPages is on how many pages of the evidence the same short
// line must stand to be read as a running head or foot.
const runningMinPages = 3

// runningMaxWords is the longest line read as one.
const runningMaxWords = 8

// withoutRunningLines drops the candidates that are running heads or
// feet: a short line that, its numbers left out, stands on at least
// runningMinPages different pages of one source. Like the title, a
// running line names the document — its publisher, its name — so its
// words become every sentence's of that source, as the title's are.
func withoutRunningLines(ev *app.Evidence, cands []candidate) []candidate {
	pages := map[string]map[int]bool{}
	keys := make([]string, len(cands))
	for i := range cands {
		c := &cands[i]
		if !atPageEdge(ev, c) {
			continue
		}
		k := runningKey(c.window.Text[c.start:c.end])
		if k == "" {
			continue
		}
		k = c.src.DocumentID + "\x00" + k
		keys[i] = k
		if pages[k] == nil {
			pages[k] = map[int]bool{}
		}
		pages[k][pageOf(ev, c)] = true
	}
	named := map[string]map[string]bool{} // document ID → stems its running lines give
	for i, c := range cands {
		if keys[i] != "" && len(pages[keys[i]]) >= runningMinPages {
			if named[c.src.DocumentID] == nil {
				named[c.src.DocumentID] = map[string]bool{}
			}
			for st := range wordStems(c.window.Text[c.start:c.end]) {
				named[c.src.DocumentID][st] = true
			}
		}
	}
	out := cands[:0]
	for i, c := range cands {
		if keys[i] != "" && len(pages[keys[i]]) >= runningMinPages {
			continue
		}
		for st := range named[c.src.DocumentID] {
			c.words[st] = true
		}
		out = append(out, c)
	}
	return out
}

// runningKey is a short line's words without its numbers, or "" for a
// line too long to be a running head, or holding no words.
func runningKey(text string) string {
	var words []string
	for _, t := range lang.Tokens(text) {
		if t.Num {
			continue
		}
		words = append(words, t.Lower)
		if len(words) > runningMaxWords {
			return ""
		}
	}
	return strings.Join(words, " ")
}

// pageEdge is the share of a page's height, at its top and its bottom,
// where running heads and feet are set.
const pageEdge = 0.12

// atPageEdge reports whether c is prose set at the top or the bottom of
// its page: a table row or a heading repeated on pages is a table's or a
// section's, not the document's running line.
func atPageEdge(ev *app.Evidence, c *candidate) bool {
	span, _, ok := locate(c.window, c.start)
	if !ok {
		return false
	}
	b := ev.Blocks[span.BlockID]
	if b.Kind != app.BlockParagraph || b.Box == (app.Rect{}) {
		return false
	}
	return b.Box.Y1 <= pageEdge || b.Box.Y0 >= 1-pageEdge
}

func pageOf(ev *app.Evidence, c *candidate) int {
	if span, _, ok := locate(c.window, c.start); ok {
		return ev.Blocks[span.BlockID].Page
	}
	return 0
}
