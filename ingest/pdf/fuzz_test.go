package pdf

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"archivist/app"
)

// checkParsed returns what in p breaks the parser invariants.
func checkParsed(p *app.Parsed) []string {
	var errs []string
	if p.Pages != len(p.PageInfo) || p.Pages < 1 {
		errs = append(errs, "page count")
	}
	if len(p.Sections) == 0 || p.Sections[0].Parent != -1 || p.Sections[0].Level != 0 {
		return append(errs, "section 0 is not the root")
	}
	for i, s := range p.Sections[1:] {
		i++
		if s.Parent < 0 || s.Parent >= i || p.Sections[s.Parent].Level >= s.Level || s.Level > 6 {
			errs = append(errs, "section parent/level")
		}
		if s.PageStart < 1 || s.PageEnd < s.PageStart || s.PageEnd > p.Pages {
			errs = append(errs, "section page range")
		}
	}
	for i, b := range p.Blocks {
		r := b.Box
		switch {
		case b.Seq != i:
			errs = append(errs, "seq")
		case b.Page < 1 || b.Page > p.Pages || r.Page != b.Page:
			errs = append(errs, "block page")
		case r.X0 < 0 || r.Y0 < 0 || r.X1 > 1 || r.Y1 > 1 || r.X0 > r.X1 || r.Y0 > r.Y1:
			errs = append(errs, "block box")
		case b.Section < 0 || b.Section >= len(p.Sections):
			errs = append(errs, "block section")
		case b.Text == "":
			errs = append(errs, "empty block")
		}
		errs = append(errs, checkBlockWords(b)...)
	}
	return errs
}

// checkBlockWords returns what in b.Words breaks their invariants: every
// word is a non-empty slice of Text without whitespace, words are in
// order and cover Text but for the separators (" ", "\n" and, in tables,
// CellSeparator), and each box lies inside the block's box.
func checkBlockWords(b app.Block) []string {
	var errs []string
	if len(b.Words) == 0 {
		return []string{"block without words"}
	}
	const hair = 1e-9
	prev := 0
	for i, w := range b.Words {
		if w.Start < prev || w.End <= w.Start || w.End > len(b.Text) {
			errs = append(errs, "word range")
			break
		}
		if strings.ContainsAny(b.Text[w.Start:w.End], " \n\t") {
			errs = append(errs, "word with whitespace: "+strconv.Quote(b.Text[w.Start:w.End]))
		}
		sep := b.Text[prev:w.Start]
		if i > 0 && sep != " " && sep != "\n" && !(b.Kind == app.BlockTable && sep == CellSeparator) || i == 0 && sep != "" {
			errs = append(errs, "separator "+strconv.Quote(sep))
		}
		prev = w.End
		r := b.Box
		if w.X0 < r.X0-hair || w.Y0 < r.Y0-hair || w.X1 > r.X1+hair || w.Y1 > r.Y1+hair || w.X0 > w.X1 || w.Y0 > w.Y1 {
			errs = append(errs, "word box outside the block's")
		}
	}
	if prev != len(b.Text) {
		errs = append(errs, "text after the last word")
	}
	return errs
}

func FuzzParse(f *testing.F) {
	_, mixed := mixedDoc(f)
	_, rotated := rotatedDoc(f)
	f.Add(mixed)
	f.Add(rotated)
	f.Add(outlineDoc(f))
	f.Add(mixed[:len(mixed)*3/4])
	f.Add([]byte("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[2 0 R]/Count 1>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF"))
	for _, data := range cycleFiles() {
		f.Add(data)
	}
	for _, data := range fixturePDFs(f, 300<<10) {
		f.Add(data)
	}
	// A short limit: a stuck PDFium call is a finding only if it is
	// not stopped.
	e := &Engine{cfg: testEngine(f).cfg, procs: testEngine(f).procs}
	e.cfg.DocumentTimeout = 10 * time.Second
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := e.Parse(context.Background(), data, "")
		if err != nil {
			if !errors.As(err, new(*app.Error)) {
				t.Fatalf("not an app.Error: %v", err)
			}
			return
		}
		if errs := checkParsed(p); errs != nil {
			t.Fatalf("%v", errs)
		}
	})
}

// fixturePDFs returns the third-party test PDFs of ../shared/fixtures no
// larger than limit bytes, as seeds; none when the fixtures are absent.
func fixturePDFs(t testing.TB, limit int64) [][]byte {
	var out [][]byte
	for _, path := range fixturePDFPaths(t, limit) {
		if data, err := os.ReadFile(path); err == nil {
			out = append(out, data)
		}
	}
	if len(out) == 0 {
		t.Logf("no fixture PDFs under %s: seeding from generated files only", sharedDir)
	}
	return out
}

// fixturePDFPaths lists the PDFs of ../shared/fixtures no larger than
// limit bytes.
func fixturePDFPaths(t testing.TB, limit int64) []string {
	var out []string
	filepath.WalkDir(filepath.Join(sharedDir, "fixtures"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".pdf" {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() <= limit {
			out = append(out, path)
		}
		return nil
	})
	return out
}

// sharedFileAt reads a file fixturePDFPaths listed.
func sharedFileAt(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
