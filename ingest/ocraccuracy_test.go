package ingest

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/google/uuid"
	"golang.org/x/text/unicode/norm"

	"archivist/app"
	"archivist/store"
)

// TestMeasureOCRAccuracy renders pages of born-digital PDFs from the shared
// evaluation sets at 200 dpi, imports the images (so they are read by OCR
// through the whole import path) and compares the words and boxes with
// each PDF's own text layer. It prints word agreement (the text layer's
// words OCR found, at the same place) and how far the boxes are. A
// measurement, not a check: set ARCHIVIST_MEASURE_OCR=1 to run it.
//
//	ARCHIVIST_MEASURE_OCR=1 go test -tags ci -run TestMeasureOCRAccuracy -v ./ingest/
func TestMeasureOCRAccuracy(t *testing.T) {
	if os.Getenv("ARCHIVIST_MEASURE_OCR") == "" {
		t.Skip("a measurement: set ARCHIVIST_MEASURE_OCR=1")
	}
	const dir = "../../shared/eval/mmlongbench/documents"
	docs := []string{"2305.13186v3.pdf", "2310.07609v1.pdf", "tacl_a_00660.pdf", "STEPBACK.pdf",
		"12-15-15-ISIS-and-terrorism-release-final.pdf", "BESTBUY_2023_10K.pdf", "honor_watch_gs_pro.pdf",
		"PWC_opportunity_of_lifetime.pdf", "san-francisco-11-contents.pdf", "owners-manual-2170416.pdf"}
	if _, err := os.Stat(dir); err != nil {
		t.Skip("the shared evaluation sets are not beside the checkout (../shared/eval)")
	}
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	im := &Importer{DB: db, NewID: uuid.NewString}
	defer im.Close()
	// A measurement on a shared machine: a page waiting for a core must
	// not fail.
	im.OCR.PageTimeout = 10 * time.Minute
	eng, err := im.engine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	type ref struct {
		words []refWord
		w, h  float64 // points
		png   string
	}
	var refs []ref
	for _, name := range docs {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		p, err := eng.Parse(ctx, data, "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// Three pages a document, past the cover, each with a full page of
		// words.
		var picked []int
		for n := 2; n <= p.Pages && len(picked) < 3; n++ {
			if ws := layerWords(p, n); len(ws) >= 80 {
				picked = append(picked, n)
			}
		}
		err = eng.RenderPages(ctx, data, "", picked, 200, func(n int, img image.Image) error {
			path := filepath.Join(out, fmt.Sprintf("%s-%03d.png", strings.TrimSuffix(name, ".pdf"), n))
			f, err := os.Create(path)
			if err != nil {
				return err
			}
			defer f.Close()
			info := p.PageInfo[n-1]
			refs = append(refs, ref{layerWords(p, n), info.WidthPt, info.HeightPt, path})
			return png.Encode(f, img)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	var total, found, within2 int
	var offs []float64
	for _, r := range refs {
		res := importAll(t, im, r.png)
		if res.Outcome != app.OutcomeImported {
			t.Fatalf("%s: %v", r.png, res.Err)
		}
		parsed, _, err := db.StoredParse(ctx, res.DocumentID)
		if err != nil {
			t.Fatal(err)
		}
		got := layerWords(parsed, 1)
		used := make([]bool, len(got))
		pageFound := 0
		for _, w := range r.words {
			total++
			best, bestD := -1, math.Inf(1)
			for i, o := range got {
				if used[i] || o.text != w.text {
					continue
				}
				d := max(math.Abs(o.x0-w.x0)*r.w, math.Abs(o.x1-w.x1)*r.w, math.Abs(o.y0-w.y0)*r.h, math.Abs(o.y1-w.y1)*r.h)
				if d < bestD {
					best, bestD = i, d
				}
			}
			// The same word within 10 pt counts as found; its box error
			// (the largest of its four edges, in points) is recorded.
			if best >= 0 && bestD <= 10 {
				used[best] = true
				found++
				pageFound++
				offs = append(offs, bestD)
				if bestD <= 2 {
					within2++
				}
			}
		}
		t.Logf("%s: %d of %d words", filepath.Base(r.png), pageFound, len(r.words))
	}
	sort.Float64s(offs)
	med := 0.0
	if len(offs) > 0 {
		med = offs[len(offs)/2]
	}
	t.Logf("pages %d, words %d: %d found, agreement %.4f; boxes: median edge error %.2f pt, %.3f of found words within 2 pt",
		len(refs), total, found, float64(found)/float64(total), med, float64(within2)/float64(max(found, 1)))
}

// refWord is a word with letters or digits, folded to lower case without
// punctuation, and its box normalised 0–1. The fold is the same on both
// sides and only of how a character is printed, never of what it says:
// compatibility forms (the "ﬁ" ligature is "fi") and typographic quotes
// and dashes (’ is ', – is -), which a text layer has as the font encodes
// them and OCR as Tesseract's model spells them.
type refWord struct {
	text           string
	x0, y0, x1, y1 float64
}

func layerWords(p *app.Parsed, page int) []refWord {
	var out []refWord
	for _, b := range p.Blocks {
		if b.Page != page {
			continue
		}
		for _, w := range b.Words {
			t := strings.ToLower(strings.TrimFunc(printFold.Replace(norm.NFKC.String(b.Text[w.Start:w.End])), func(r rune) bool {
				return !unicode.IsLetter(r) && !unicode.IsDigit(r)
			}))
			if t == "" || !slices.ContainsFunc([]rune(t), func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
				continue
			}
			out = append(out, refWord{t, w.X0, w.Y0, w.X1, w.Y1})
		}
	}
	return out
}

var printFold = strings.NewReplacer("\u2018", "'", "\u2019", "'", "\u201c", `"`, "\u201d", `"`,
	"\u2010", "-", "\u2011", "-", "\u2013", "-", "\u2014", "-")

// importAll imports paths and returns the result of the first.
func importAll(t *testing.T, im *Importer, paths ...string) app.ImportResult {
	t.Helper()
	rs, err := im.Import(context.Background(), paths, nil)
	if err != nil || len(rs) == 0 {
		t.Fatalf("import: %v", err)
	}
	return rs[0]
}
