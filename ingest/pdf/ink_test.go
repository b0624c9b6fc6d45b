package pdf

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// readPages reads every page of data as Parse does before OCR, in this
// process.
func readPages(t *testing.T, data []byte) []page {
	t.Helper()
	var pages []page
	err := testInProcessEngine(t).withDocument(context.Background(), data, "", func(s *session) error {
		n, err := s.pageCount()
		if err != nil {
			return err
		}
		for i := range n {
			pg, _ := s.readPage(i)
			pages = append(pages, pg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

const sharedDocs = "../../../shared/eval/mmlongbench/documents"

func sharedPDF(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("the shared evaluation sets are not beside the checkout (../shared/eval): %v", err)
	}
	return data
}

// stamp puts text on page 1 of data with pdfcpu, as a text layer: desc is
// pdfcpu's watermark description (opacity:0 makes it invisible, as an
// OCR program's hidden layer is).
func stamp(t *testing.T, data []byte, text, desc string) []byte {
	t.Helper()
	wm, err := api.TextWatermark(text, desc, true, false, types.POINTS)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := api.AddWatermarks(bytes.NewReader(data), &out, []string{"1"}, wm, nil); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestSparseLayerOnScans: a real scanned page (an image-only slide of the
// scans set) given a text layer holding only its page number — invisible,
// as OCR programs leave it — or a visible stamp is read by OCR: its ink
// shows far more text than its layer has.
func TestSparseLayerOnScans(t *testing.T) {
	src := sharedPDF(t, "../../../shared/eval/mmlongbench-scans/documents/amb-siteaudits-ds15-150204174043-conversion-gate01_95.pdf")
	var one bytes.Buffer
	if err := api.Trim(bytes.NewReader(src), &one, []string{"8"}, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, text, desc string }{
		{"hidden page number", "12", "font:Helvetica, points:10, scale:1 abs, pos:bc, offset:0 20, rot:0, opacity:0"},
		{"visible stamp", "RECEIVED 3 MAR 2015", "font:Helvetica-Bold, points:14, scale:1 abs, pos:tr, offset:-20 -20, rot:0, fillcolor:#c00000"},
	} {
		pages := readPages(t, stamp(t, one.Bytes(), c.text, c.desc))
		pg := &pages[0]
		if n := layerChars(pg.words); n == 0 || n > 20 {
			t.Fatalf("%s: the text layer has %d characters, want the stamp's", c.name, n)
		}
		if !needsOCR(pg) {
			t.Errorf("%s: not read by OCR: layer %d characters, ink for %d", c.name, layerChars(pg.words), pg.inkChars)
		}
	}
}

// TestGoodTextNeverOCR: born-digital pages with short text beside pictures
// (a manual's cover with a line drawing and a logo, a paper's page of
// figures that are screenshots of tables, an organisation chart) are not
// read by OCR; only pages whose text is itself a picture are (a list of a
// board's members set as an image, a map with its labels).
func TestGoodTextNeverOCR(t *testing.T) {
	for _, c := range []struct {
		name  string
		pages string // the pages tried, as pdfcpu selects them
		want  []int  // those of them that need OCR (1-based in the selection)
	}{
		{"honor_watch_gs_pro.pdf", "1-4,39-40", nil},
		{"2305.13186v3.pdf", "22-23", nil},
		{"afe620b9beac86c1027b96d31d396407.pdf", "8-9", []int{1}},
		{"fdac8d1e9ef56519371df7e6532df27d.pdf", "16-18", []int{2}},
	} {
		var part bytes.Buffer
		if err := api.Trim(bytes.NewReader(sharedPDF(t, filepath.Join(sharedDocs, c.name))), &part, strings.Split(c.pages, ","), nil); err != nil {
			t.Fatal(err)
		}
		pages := readPages(t, part.Bytes())
		var got []int
		for i := range pages {
			if needsOCR(&pages[i]) {
				got = append(got, i+1)
			}
			t.Logf("%s, page %d of %s: layer %d characters, ink outside it for %d", c.name, i+1, c.pages, layerChars(pages[i].words), pages[i].inkChars)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s (pages %s): pages needing OCR %v, want %v", c.name, c.pages, got, c.want)
		}
	}
}

// TestAddScanned: beside a short text layer, OCR adds only what lies
// outside the layer's words and reads as print; a picture that gives no
// such word leaves the page as its text layer had it.
func TestAddScanned(t *testing.T) {
	pg := &page{g: geom{a: 1, d: 1, w: 612, h: 792}, words: []word{{text: "12", box: box{300, 750, 312, 762}, size: 10}}}
	read := []ScanWord{
		{Text: "12", X0: 299, Y0: 749, X1: 313, Y1: 763, Conf: 96},     // the layer's own word
		{Text: "Harbour", X0: 72, Y0: 100, X1: 130, Y1: 112, Conf: 91}, // print the layer missed
		{Text: "ee", X0: 200, Y0: 300, X1: 210, Y1: 306, Conf: 22},     // a photograph's texture
		{Text: "—", X0: 220, Y0: 300, X1: 230, Y1: 306, Conf: 80},      // no letter or digit
	}
	got := addScanned(pg, read)
	var texts []string
	for _, w := range got {
		texts = append(texts, w.text)
	}
	if !slices.Equal(texts, []string{"12", "Harbour"}) {
		t.Errorf("words %q, want the layer's 12 and OCR's Harbour", texts)
	}
	if got := addScanned(pg, read[2:]); got != nil {
		t.Errorf("OCR of a picture without print added %v", got)
	}
}

// TestScanWordsJoinBroken: a word OCR read broken by a hyphen at a line's
// end is one word again, as a text layer's is; a hyphen before a capital
// or a digit stays, and one at the foot of a column is left alone.
func TestScanWordsJoinBroken(t *testing.T) {
	g := &geom{a: 1, d: 1, w: 612, h: 792}
	ws := []ScanWord{
		// OCR boxes hug the ink: "reinforce-" has no descender, and the
		// next line starts 6 pt below it, within the 10 pt line.
		{Text: "the", X0: 72, Y0: 100, X1: 90, Y1: 107, SizePt: 10, Line: 0},
		{Text: "reinforce-", X0: 95, Y0: 100, X1: 150, Y1: 107, SizePt: 10, Line: 0},
		{Text: "ment", X0: 72, Y0: 113, X1: 98, Y1: 120, SizePt: 10, Line: 1},
		{Text: "GPT-", X0: 100, Y0: 113, X1: 125, Y1: 120, SizePt: 10, Line: 1},
		{Text: "4", X0: 72, Y0: 126, X1: 78, Y1: 133, SizePt: 10, Line: 2},
		{Text: "learn-", X0: 80, Y0: 700, X1: 120, Y1: 707, SizePt: 10, Line: 3},
		{Text: "ing", X0: 320, Y0: 100, X1: 340, Y1: 107, SizePt: 10, Line: 4}, // the next column's top
	}
	var got []string
	for _, w := range scanWords(g, ws) {
		got = append(got, w.text)
	}
	want := []string{"the", "reinforcement", "GPT-4", "learn-", "ing"}
	if !slices.Equal(got, want) {
		t.Errorf("words %q, want %q", got, want)
	}
}
