package docx

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/internal/parsetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ingest/docx")

const testdata = "../../testdata/ingest/docx"

// sharedFixtures is ../shared/fixtures beside the checkout, seen from this
// package's directory.
const sharedFixtures = "../../../shared/fixtures"

func parse(tb testing.TB, src []byte) *app.Parsed {
	tb.Helper()
	p, err := Parse(context.Background(), src)
	if err != nil {
		tb.Fatalf("Parse: %v", err)
	}
	if errs := parsetest.CheckTree(p, -1); errs != nil {
		tb.Fatalf("invariants broken:\n%s", strings.Join(errs, "\n"))
	}
	return p
}

func kinds(p *app.Parsed, kind app.BlockKind) []string {
	var out []string
	for _, b := range p.Blocks {
		if kind == "" || b.Kind == kind {
			out = append(out, b.Text)
		}
	}
	return out
}

func headings(p *app.Parsed) []string {
	var h []string
	for _, s := range p.Sections[1:] {
		h = append(h, fmt.Sprintf("%d:%s", s.Level, s.Heading))
	}
	return h
}

func TestFeatures(t *testing.T) {
	p := parse(t, featuresDocx(t))
	parsetest.Golden(t, filepath.Join(testdata, "features.json"), parsetest.ViewOf(p), *update)

	t.Run("HeadingTree", func(t *testing.T) {
		want := []string{"1:Annual Report", "1:Introduction", "2:Custom section", "3:Outlined paragraph",
			"1:Annex A", "2:Annex detail", "1:Footnotes"}
		if got := headings(p); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("sections = %q\nwant %q", got, want)
		}
		// Custom section (based on Heading 2) under Introduction, the
		// outlined paragraph (level 3) under it.
		if p.Sections[3].Parent != 2 || p.Sections[4].Parent != 3 || p.Sections[6].Parent != 5 {
			t.Errorf("parents: %+v", p.Sections)
		}
	})
	t.Run("Title", func(t *testing.T) {
		if p.Title != "Annual Report" {
			t.Errorf("title = %q, want the Title-styled paragraph", p.Title)
		}
		withCore := zipOf(t, map[string]string{"word/document.xml": document(featuresBody), "word/styles.xml": stylesXML, "docProps/core.xml": coreXML})
		if got := parse(t, withCore).Title; got != "The Core Title" {
			t.Errorf("title with core.xml = %q", got)
		}
	})
	t.Run("Runs", func(t *testing.T) {
		want := "See the site now\nSecond line page 4, inserted."
		if got := p.Blocks[3].Text; got != want {
			t.Errorf("paragraph = %q\nwant %q (hyperlink text kept, field code, hidden and deleted text left out)", got, want)
		}
	})
	t.Run("Lists", func(t *testing.T) {
		want := []string{"First item", "Nested item", "Bullet by style"}
		if got := kinds(p, app.BlockListItem); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("list items = %q, want %q", got, want)
		}
	})
	t.Run("MergedCells", func(t *testing.T) {
		want := strings.Join([]string{
			"Name | Scores | Scores | Note",
			"Ann | 1 | 2 | two paragraphs",
			"Ann | 3 | 4",
			" | Total 10 | Total 10 | Total 10",
		}, "\n")
		tables := kinds(p, app.BlockTable)
		if len(tables) != 1 || tables[0] != want {
			t.Errorf("table = %q\nwant %q", tables, want)
		}
		for i, b := range p.Blocks {
			if b.Kind == app.BlockTable && (p.Blocks[i-1].Kind != app.BlockCaption || p.Blocks[i-1].Text != "Table 1: Merged cells") {
				t.Errorf("block before the table = %+v, want its caption", p.Blocks[i-1])
			}
		}
	})
	t.Run("TextBoxOnce", func(t *testing.T) {
		all := strings.Join(kinds(p, ""), "\n")
		if n := strings.Count(all, "Boxed text"); n != 1 {
			t.Errorf("text box text appears %d times, want 1:\n%s", n, all)
		}
		if !strings.Contains(all, "Anchor paragraph\nBoxed text") {
			t.Errorf("text box should follow its paragraph:\n%s", all)
		}
	})
	t.Run("Footnotes", func(t *testing.T) {
		last := p.Sections[len(p.Sections)-1]
		if last.Heading != "Footnotes" || last.Parent != 0 {
			t.Fatalf("last section = %+v", last)
		}
		var notes []string
		for _, b := range p.Blocks {
			if b.Section == len(p.Sections)-1 {
				notes = append(notes, b.Text)
			}
		}
		want := []string{"Second note, cited first.", "First note.", "A note nothing cites."}
		if strings.Join(notes, "|") != strings.Join(want, "|") {
			t.Errorf("footnotes = %q, want %q (in citing order, separators left out)", notes, want)
		}
	})
	t.Run("Kinds", func(t *testing.T) {
		if got := kinds(p, app.BlockQuote); len(got) != 1 || got[0] != "A quotation." {
			t.Errorf("quotes = %q", got)
		}
		paras := strings.Join(kinds(p, app.BlockParagraph), "|")
		for _, want := range []string{"Looks like a heading, is body text", "Numbering removed", "Style loop is a paragraph", "Inside a content control"} {
			if !strings.Contains(paras, want) {
				t.Errorf("paragraphs lack %q: %s", want, paras)
			}
		}
	})
}

func TestNoStylesPart(t *testing.T) {
	// Without styles.xml the style IDs of the built-in headings still
	// name them.
	doc := zipOf(t, map[string]string{"word/document.xml": document(
		para("Heading1", "One") + para("Heading2", "Two") + para("Title", "Doc") + para("", "text"))})
	p := parse(t, doc)
	if got := strings.Join(headings(p), "|"); got != "1:One|2:Two|1:Doc" {
		t.Errorf("sections = %s", got)
	}
	if p.Title != "Doc" {
		t.Errorf("title = %q", p.Title)
	}
}

// errCode parses src and returns the code and message of the error.
func errCode(t *testing.T, src []byte) (string, string) {
	t.Helper()
	_, err := Parse(context.Background(), src)
	if err == nil {
		t.Fatal("Parse succeeded")
	}
	var ae *app.Error
	if !errors.As(err, &ae) {
		t.Fatalf("error %v is not an *app.Error", err)
	}
	return ae.Code, ae.Message
}

func TestDamaged(t *testing.T) {
	cases := []struct {
		name string
		src  []byte
		code string
		msg  string
	}{
		{"NotAZip", []byte("hello, not a zip"), app.EInvalid, "the DOCX is damaged (not a zip archive"},
		{"Truncated", featuresDocx(t)[:300], app.EInvalid, "the DOCX is damaged"},
		{"NoDocument", zipOf(t, map[string]string{"word/styles.xml": stylesXML}), app.EInvalid, "the DOCX is damaged (it has no word/document.xml)"},
		{"BadXML", zipOf(t, map[string]string{"word/document.xml": document("<w:p><w:r><w:t>x</w:r></w:p>")}), app.EInvalid, "the DOCX is damaged (word/document.xml: XML syntax error"},
		{"NoBody", zipOf(t, map[string]string{"word/document.xml": "<x/>"}), app.EInvalid, "has no document body"},
		{"Encrypted", append(append([]byte{}, oleMagic...), make([]byte, 512)...), app.EUnsupported, "password-protected"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, msg := errCode(t, c.src)
			if code != c.code || !strings.Contains(msg, c.msg) {
				t.Errorf("error %s %q, want %s containing %q", code, msg, c.code, c.msg)
			}
		})
	}
	t.Run("DamagedStylesAreNotFatal", func(t *testing.T) {
		p := parse(t, zipOf(t, map[string]string{"word/document.xml": document(para("", "text")), "word/styles.xml": "<w:styles"}))
		if len(p.Blocks) != 1 {
			t.Errorf("blocks = %+v", p.Blocks)
		}
	})
}

// rawZip returns a zip holding one part whose header declares size bytes
// expanded, with data as its (deflated) content.
func rawZip(t *testing.T, name string, data []byte, declared uint64) []byte {
	t.Helper()
	var comp bytes.Buffer
	fw, _ := flateWriter(&comp)
	fw.Write(data)
	fw.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateRaw(&zip.FileHeader{
		Name: name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(data),
		CompressedSize64: uint64(comp.Len()), UncompressedSize64: declared,
	})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(comp.Bytes())
	zw.Close()
	return buf.Bytes()
}

func TestZipBombs(t *testing.T) {
	t.Run("DeclaredTooLarge", func(t *testing.T) {
		src := rawZip(t, "word/document.xml", []byte(document("")), 300<<20)
		code, msg := errCode(t, src)
		if code != app.ETooLarge || msg != "the DOCX part word/document.xml expands to more than 256 MB" {
			t.Errorf("error %s %q", code, msg)
		}
	})
	t.Run("Ratio", func(t *testing.T) {
		// 20 MB of blanks deflate to about 20 KB: 1000:1.
		body := document(strings.Repeat(" ", 20<<20))
		src := zipOf(t, map[string]string{"word/document.xml": body})
		code, msg := errCode(t, src)
		if code != app.ETooLarge || !strings.Contains(msg, "word/document.xml is compressed more than 200:1") {
			t.Errorf("error %s %q", code, msg)
		}
	})
	t.Run("CountedWhileReading", func(t *testing.T) {
		// A header can lie; the bytes are counted as they expand.
		pk := &pkg{}
		r := &limitReader{rc: io.NopCloser(zeros{}), name: "word/document.xml", pkg: pk, compressed: 1 << 30}
		n, err := io.Copy(io.Discard, r)
		var ae *app.Error
		if !errors.As(err, &ae) || ae.Code != app.ETooLarge || n > MaxPartBytes+1 {
			t.Errorf("read %d bytes, err %v", n, err)
		}
	})
	t.Run("TooManyEntries", func(t *testing.T) {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for i := range MaxEntries + 1 {
			zw.CreateHeader(&zip.FileHeader{Name: fmt.Sprintf("f%d", i), Method: zip.Store})
		}
		zw.Close()
		code, msg := errCode(t, buf.Bytes())
		if code != app.ETooLarge || !strings.Contains(msg, "more than 10000") {
			t.Errorf("error %s %q", code, msg)
		}
	})
	t.Run("SmallPartsWithHighRatioAreFine", func(t *testing.T) {
		// A real styles part compresses well; only big parts are judged
		// by their ratio.
		body := para("", "ok") + strings.Repeat("<w:p/>", 100000)
		parse(t, zipOf(t, map[string]string{"word/document.xml": document(body)}))
	})
}

func flateWriter(w io.Writer) (*flate.Writer, error) {
	return flate.NewWriter(w, flate.BestCompression)
}

type zeros struct{}

func (zeros) Read(b []byte) (int, error) {
	clear(b)
	return len(b), nil
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Parse(ctx, featuresDocx(t)); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// fixtureFiles returns the DOCX files under the shared fixture folder dir.
func fixtureFiles(tb testing.TB, dir string) map[string]string {
	root := filepath.Join(sharedFixtures, dir)
	if _, err := os.Stat(root); err != nil {
		tb.Skipf("shared fixtures not found at %s (they live beside the checkout): %v", root, err)
	}
	files := map[string]string{}
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".docx") {
			files[strings.TrimSuffix(filepath.Base(path), ".docx")] = path
		}
		return nil
	})
	return files
}

func TestSharedFixtures(t *testing.T) {
	files := fixtureFiles(t, "docx_mammoth")
	for k, v := range fixtureFiles(t, "docx_python_docx") {
		files[k] = v
	}
	if len(files) < 50 {
		t.Fatalf("only %d DOCX fixtures", len(files))
	}
	parsed := map[string]*app.Parsed{}
	for name, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Parse(context.Background(), src)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if errs := parsetest.CheckTree(p, -1); errs != nil {
			t.Errorf("%s: invariants broken:\n%s", name, strings.Join(errs, "\n"))
		}
		parsed[name] = p
	}
	checks := []struct {
		file, kind, want string
	}{
		{"tables", "table", "Top left | Top right\nBottom left | Bottom right"},
		{"tables", "", "Above\nTop left | Top right\nBottom left | Bottom right\nBelow"},
		{"simple-list", "list_item", "Apple\nBanana"},
		{"footnotes", "", "Ouch.\nA tachyon walks into a bar.\nFin."},
		{"endnotes", "", "Ouch.\nA tachyon walks into a bar.\nFin."},
		{"footnote-hyperlink", "", "Example"},
		{"comments", "", "Ouch."}, // the comment's text is not the document's
		{"text-box", "", "Datum plane"},
		{"strict-format", "", "Test"},
		{"utf8-bom", "", "This XML has a byte order mark."},
		{"empty", "", ""},
		{"par-known-paragraphs", "heading", "Heading Paragraph"},
		{"par-known-styles", "heading", "Heading 1"},
		{"num-having-numbering-part", "list_item", "Paragraph having List Number style."},
		{"par-hyperlinks", "", "No hyperlinks\nOne awesome hyperlink.\nThree hyperlinks: the first one here, the second one, and the third."},
		{"tbl-2x2-table", "", ""}, // two by two, all cells empty
		// tbl-cell-access: a cell merged across, one merged down, a
		// 2×2 merge; the merged text is in each grid cell it covers.
		{"tbl-cell-access", "table", "1 | 2 | 3\n4 | 5 | 6\n7 | 8 | 9\n" +
			"1 | 2 | 3\n4 | 4 | 6\n7 | 8 | 9\n" +
			"1 | 2 | 3\n4 | 5 | 6\n7 | 5 | 9\n" +
			"1 | 2 | 3\n4 | 4 | 6\n4 | 4 | 9"},
		// A table nested in a cell reads as the cell's text.
		{"blk-paras-and-tables", "table", "Text before Table Between Text after"},
		{"blk-inner-content", "", "P1\nT2\nP3"},
	}
	for _, c := range checks {
		p := parsed[c.file]
		if p == nil {
			t.Errorf("%s: not parsed", c.file)
			continue
		}
		got := strings.Join(kinds(p, app.BlockKind(c.kind)), "\n")
		if got != c.want {
			t.Errorf("%s: %s text = %q, want %q", c.file, c.kind, got, c.want)
		}
	}
	if s := parsed["footnotes"].Sections; len(s) != 2 || s[1].Heading != "Footnotes" {
		t.Errorf("footnotes.docx sections = %+v", s)
	}
	if s := parsed["endnotes"].Sections; len(s) != 2 || s[1].Heading != "Endnotes" {
		t.Errorf("endnotes.docx sections = %+v", s)
	}
	if got := parsed["doc-coreprops"].Title; got == "" {
		t.Errorf("doc-coreprops.docx: no title from core.xml")
	}
}
