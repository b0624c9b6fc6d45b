package pdf

import (
	"strings"
	"testing"

	"archivist/app"
)

func TestNeedsOCR(t *testing.T) {
	words := func(s string) []word {
		var ws []word
		for _, f := range strings.Fields(s) {
			ws = append(ws, word{text: f})
		}
		return ws
	}
	for _, tc := range []struct {
		name string
		pg   page
		want bool
	}{
		{"TextLayer", page{words: words("The harbour received 412 vessels in the third quarter")}, false},
		{"BlankPage", page{}, false},
		{"PictureOnly", page{textless: true}, true},
		{"NoUnicodeMap", page{words: words(strings.Repeat("\uE001\uE002\uE003 ", 40) + "a b")}, true},
		{"ReplacementChars", page{words: words(strings.Repeat("\uFFFD\uFFFD ", 30))}, true},
		{"FewOddCharsInText", page{words: words(strings.Repeat("word ", 100) + "\uFFFD\uFFFD")}, false},
		{"LaidOutText", page{hasText: true, blocks: []*pblock{{rows: [][]*line{{{words: words("Revenue rose")}}}}}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := needsOCR(&tc.pg); got != tc.want {
				t.Errorf("needsOCR = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestAssembleScans: OCR words become blocks with their boxes, and a
// heading set larger than the body starts a section.
func TestAssembleScans(t *testing.T) {
	var ws []ScanWord
	put := func(y, size float64, text string) {
		x := 72.0
		for _, f := range strings.Fields(text) {
			w := float64(len(f)) * size * 0.5
			ws = append(ws, ScanWord{Text: f, X0: x, Y0: y, X1: x + w, Y1: y + size, SizePt: size})
			x += w + size*0.3
		}
	}
	put(72, 20, "Harbour Report")
	for i := range 6 {
		put(110+float64(i)*14, 10, "the harbour received many vessels in the quarter and more")
	}
	put(220, 20, "Outlook")
	for i := range 4 {
		put(250+float64(i)*14, 10, "traffic is expected to grow steadily through next year")
	}
	p := AssembleScans([]ScanPage{{Info: app.Page{WidthPt: 612, HeightPt: 792, OCR: app.OCRRead}, Words: ws}}, "fallback", "")
	if p.Pages != 1 || p.PageInfo[0].OCR != app.OCRRead || p.Notice != "" {
		t.Fatalf("pages %d %+v notice %q", p.Pages, p.PageInfo, p.Notice)
	}
	var heads []string
	for _, b := range p.Blocks {
		if b.Kind == app.BlockHeading {
			heads = append(heads, b.Text)
		}
		if len(b.Words) == 0 || b.Page != 1 {
			t.Errorf("block %q has no word boxes", b.Text)
		}
	}
	if strings.Join(heads, "|") != "Harbour Report|Outlook" || p.Title != "Harbour Report" || len(p.Sections) < 2 {
		t.Errorf("headings %q, title %q, %d sections", heads, p.Title, len(p.Sections))
	}
	empty := AssembleScans([]ScanPage{{Info: app.Page{WidthPt: 100, HeightPt: 100}}}, "x", "")
	if len(empty.Blocks) != 0 || empty.Notice == "" || empty.Title != "x" {
		t.Errorf("an empty page: %+v", empty)
	}
}
