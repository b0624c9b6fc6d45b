package pdf

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
)

// drawn is a word a generator drew, with where it drew it: page (1-based)
// and box in points, origin top-left, before any /Rotate.
type drawn struct {
	text string
	page int
	box
	size float64 // font size, points
}

// gen wraps fpdf and records every word drawn.
type gen struct {
	*fpdf.Fpdf
	words []drawn
	// ascent and descent per font key, as fractions of the font size
	metrics map[string][2]float64
}

func newGen() *gen {
	f := fpdf.New("P", "pt", "Letter", "")
	f.SetCompression(false)
	f.SetAutoPageBreak(false, 0)
	return &gen{Fpdf: f}
}

// text draws s with its baseline at (x, y) and records its words.
func (g *gen) text(x, y float64, utf string) {
	s := g.UnicodeTranslatorFromDescriptor("")(utf)
	g.Text(x, y, s)
	size, _ := g.GetFontSize()
	// PDFium's loose box runs from the font's ascent to its descent, which
	// for the standard fonts are close to their bounding box.
	asc, desc := 0.75, 0.25
	if bb := g.GetFontDesc("", "").FontBBox; bb.Ymax != 0 {
		asc, desc = float64(bb.Ymax)/1000, -float64(bb.Ymin)/1000
	}
	for i := 0; i < len(s); {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		if j > i {
			x0 := x + g.GetStringWidth(s[:i])
			g.words = append(g.words, drawn{strings.Fields(utf)[len(strings.Fields(s[:j]))-1], g.PageNo(), box{x0, y - asc*size, x0 + g.GetStringWidth(s[i:j]), y + desc*size}, size})
		}
		i = j
	}
}

// paragraph draws lines of words at x from baseline y with the given
// leading, wrapping at width; it returns the baseline after the last line.
func (g *gen) paragraph(x, y, width, leading float64, s string) float64 {
	words := strings.Fields(s)
	var cur string
	for _, w := range words {
		next := strings.TrimSpace(cur + " " + w)
		if cur != "" && g.GetStringWidth(next) > width {
			g.text(x, y, cur)
			y += leading
			cur = w
			continue
		}
		cur = next
	}
	if cur != "" {
		g.text(x, y, cur)
		y += leading
	}
	return y
}

func (g *gen) bytes(t testing.TB) []byte {
	var b bytes.Buffer
	if err := g.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var objRe = regexp.MustCompile(`(?m)^(\d+) 0 obj`)

// patch inserts entries into fpdf's uncompressed output: extra[i] into the
// dictionary of page i (0-based), catalog into the catalog; then rebuilds
// the cross-reference table so the file stays valid.
func patch(t testing.TB, data []byte, extra map[int]string, catalog string) []byte {
	s := string(data)
	page := 0
	var out strings.Builder
	for {
		i := strings.Index(s, "<</Type /Page\n")
		if i < 0 {
			break
		}
		i += len("<</Type /Page\n")
		out.WriteString(s[:i])
		out.WriteString(extra[page])
		s = s[i:]
		page++
	}
	out.WriteString(s)
	s = out.String()
	if catalog != "" {
		s = strings.Replace(s, "/Type /Catalog\n", "/Type /Catalog\n"+catalog+"\n", 1)
	}
	xref := strings.LastIndex(s, "\nxref\n") + 1
	trailer := strings.Index(s[xref:], "trailer") + xref
	body := s[:xref]
	offs := map[int]int{}
	maxObj := 0
	for _, m := range objRe.FindAllStringSubmatchIndex(body, -1) {
		n, _ := strconv.Atoi(body[m[2]:m[3]])
		offs[n] = m[0]
		maxObj = max(maxObj, n)
	}
	var x strings.Builder
	fmt.Fprintf(&x, "xref\n0 %d\n0000000000 65535 f \n", maxObj+1)
	for n := 1; n <= maxObj; n++ {
		fmt.Fprintf(&x, "%010d 00000 n \n", offs[n])
	}
	tr := s[trailer:]
	tr = tr[:strings.Index(tr, "startxref")]
	return []byte(body + x.String() + tr + fmt.Sprintf("startxref\n%d\n%%%%EOF\n", len(body)))
}
