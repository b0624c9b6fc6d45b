package check_test

import (
	"archive/zip"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/go-pdf/fpdf"
	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve/check"
	"archivist/retrieve/jev"
	"archivist/store"
)

// Real documents from the fixtures beside the checkout (../shared).
var (
	fixtures = filepath.Join("..", "..", "..", "shared", "fixtures")
	// register is a Federal Register notice of 15 pages: numbered
	// sections, figures, names, sentences that run on across pages.
	register = filepath.Join(fixtures, "pdfplumber", "tests", "pdfs", "federal-register-2020-17221.pdf")
	// readme is a project's Markdown README.
	readme = filepath.Join(fixtures, "markdown", "pdfplumber_docs", "README.md")
	// scanPNG is a page of print as a picture, read by OCR.
	scanPNG = filepath.Join("..", "..", "ingest", "ocr", "testdata", "page.png")
)

// library is one library with the real documents imported, shared by the
// tests of a run.
type library struct {
	db *store.DB
	im *ingest.Importer
}

var (
	libOnce sync.Once
	lib     *library
	libErr  error
	libDir  string
)

// realLibrary imports the fixtures once; the test is skipped when they are
// absent.
func realLibrary(t testing.TB, paths ...string) *library {
	t.Helper()
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not found (the fixtures live in ../shared beside the checkout): %v", p, err)
		}
	}
	libOnce.Do(func() {
		ctx := context.Background()
		libDir, libErr = os.MkdirTemp("", "archivist-check-")
		if libErr != nil {
			return
		}
		var db *store.DB
		if db, libErr = store.Open(ctx, libDir); libErr != nil {
			return
		}
		var im *ingest.Importer
		if im, libErr = ingest.New(ctx, db, ingest.Config{NewID: uuid.NewString, Roles: jev.Chooser{Provider: jev.Local{}}}); libErr != nil {
			return
		}
		lib = &library{db: db, im: im}
	})
	if libErr != nil {
		t.Fatal(libErr)
	}
	ctx := context.Background()
	res, err := lib.im.ImportFiles(ctx, paths, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Outcome != app.OutcomeImported && r.Outcome != app.OutcomeDuplicate {
			t.Fatalf("import %s: %+v", r.Path, r)
		}
	}
	return lib
}

func TestMain(m *testing.M) {
	code := m.Run()
	if lib != nil {
		lib.im.Close()
		lib.db.Close()
	}
	if libDir != "" {
		os.RemoveAll(libDir)
	}
	os.Exit(code)
}

// checkDraft writes a draft to a file, reads it as the command line would
// (the import's parsers) and checks it against the library.
func checkDraft(t *testing.T, l *library, name, text string) *app.CheckReport {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := l.im.ParseDraft(ctx, name, data)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := l.db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	r, err := check.Draft(ctx, snap, name, data, parsed)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// find returns the report's entry for the quotation starting with prefix.
func find(t *testing.T, r *app.CheckReport, prefix string) app.QuoteCheck {
	t.Helper()
	for _, q := range r.Quotes {
		if strings.HasPrefix(q.Quote, prefix) {
			return q
		}
	}
	t.Fatalf("no quotation starting %q among %d", prefix, len(r.Quotes))
	return app.QuoteCheck{}
}

// plantedDraft quotes the Federal Register notice, some quotations right
// and some with the errors a writer makes.
const plantedDraft = `# Memorandum on the proposed directive

The notice says that “[t]he FAA proposes to supersede Airworthiness Directive (AD) 2018–23–51” (Notice at 1).

The proposal “would require installing new flight control computer (FCC) software . . . and performing an operational readiness flight.” Notice, p. 1.

It concludes: "The FAA is proposing this AD to address the unsafe condition on these airplanes." (p. 1)

It adds that “an erroneous signal from a failed single AOA sensor does prevent continued safe flight and landing” (p. 3).

The first crash was at “Hatta International Airport in Jakarta, Indonesia, resulting in 198 fatalities.” (p. 2)

“Following the Garuda Air Flight 610 accident on October 29, 2018, data from the flight data recorder” was examined (p. 2).

The master list was revised: “The new master minimum equipment list (MMEL), approved by the FAA, was published on April 10, 2020” (p. 5).

The agency said “the aircraft requires no further changes to its software or to pilot training” (p. 4).

“In addition to these four design changes, the FAA also proposes to require operators to conduct an AOA sensor system test” (pp. 2–3).

> Reports from the accident investigation indicate that the airplane’s flight control system generated repeated airplane nose-down horizontal stabilizer trim commands contributing to the accident.

(Notice at 2.)

A "defined term" is not a quotation.
`

// Planted errors in a draft quoting a real notice: each found as what it is.
func TestPlantedErrors(t *testing.T) {
	l := realLibrary(t, register, readme)
	r := checkDraft(t, l, "memo.md", plantedDraft)
	if len(r.Quotes) != 10 {
		for _, q := range r.Quotes {
			t.Logf("%q", q.Quote)
		}
		t.Fatalf("found %d quotations, want 10", len(r.Quotes))
	}
	for _, q := range r.Quotes {
		t.Logf("%d %s %q cite=%q issues=%v", q.N, q.Status, q.Quote, q.Pincite, q.Issues)
	}
	t.Run("BracketedLetter", func(t *testing.T) {
		q := find(t, r, "[t]he FAA proposes")
		if q.Status != app.QuoteExact || q.Source == nil || q.Source.PageStart != 1 {
			t.Fatalf("%+v", q)
		}
		if !strings.HasPrefix(q.Source.Quote, "The FAA proposes to") || len(q.Source.Rects) == 0 || q.Source.Precision != "line" {
			t.Fatalf("source %+v", q.Source)
		}
		if q.Pincite != "Notice at 1" {
			t.Errorf("pincite %q", q.Pincite)
		}
	})
	t.Run("Ellipsis", func(t *testing.T) {
		q := find(t, r, "would require installing")
		if q.Status != app.QuoteExact || !strings.Contains(q.Source.Quote, " … ") {
			t.Fatalf("%+v %+v", q, q.Source)
		}
	})
	t.Run("ChangedWord", func(t *testing.T) {
		q := find(t, r, "The FAA is proposing")
		if q.Status != app.QuoteAltered || !hasOp(q.Diff, "changed", "airplanes", "products") {
			t.Fatalf("%+v", q)
		}
	})
	t.Run("DroppedNot", func(t *testing.T) {
		q := find(t, r, "an erroneous signal")
		if q.Status != app.QuoteAltered || len(q.Issues) == 0 || !strings.HasPrefix(q.Issues[0], `dropped "not"`) {
			t.Fatalf("%+v", q)
		}
		if !hasOp(q.Diff, "dropped", "", "not") {
			t.Fatalf("diff %+v", q.Diff)
		}
	})
	t.Run("ChangedFigure", func(t *testing.T) {
		q := find(t, r, "Hatta International")
		if q.Status != app.QuoteAltered || len(q.Issues) == 0 || !strings.HasPrefix(q.Issues[0], "figure changed") ||
			!hasOp(q.Diff, "changed", "198", "189") {
			t.Fatalf("%+v", q)
		}
	})
	t.Run("ChangedName", func(t *testing.T) {
		q := find(t, r, "Following the Garuda")
		if q.Status != app.QuoteAltered || len(q.Issues) == 0 || !strings.HasPrefix(q.Issues[0], "name changed") {
			t.Fatalf("%+v", q)
		}
	})
	t.Run("WrongPage", func(t *testing.T) {
		q := find(t, r, "The new master minimum")
		if q.Status != app.QuotePageDiffers || q.Source.PageStart != 3 || len(q.Issues) != 1 ||
			q.Issues[0] != "cited p. 5; the passage is on p. 3" {
			t.Fatalf("%+v %+v", q, q.Source)
		}
	})
	t.Run("Invented", func(t *testing.T) {
		q := find(t, r, "the aircraft requires")
		if q.Status != app.QuoteNotFound || q.Source != nil {
			t.Fatalf("%+v", q)
		}
	})
	t.Run("AcrossPages", func(t *testing.T) {
		q := find(t, r, "In addition to these four")
		if q.Status != app.QuoteExact || q.Source.PageStart != 2 || q.Source.PageEnd != 3 {
			t.Fatalf("%+v %+v", q, q.Source)
		}
		if strings.Contains(q.Source.Quote, "Ethiopian Aircraft") {
			t.Errorf("the footnotes between the pages are quoted: %q", q.Source.Quote)
		}
	})
	t.Run("BlockQuoteOverFootnoteMarks", func(t *testing.T) {
		q := find(t, r, "Reports from the accident")
		if !q.Block || q.Status != app.QuoteExact || q.Source.PageStart != 2 || q.Pincite != "Notice at 2" {
			t.Fatalf("%+v %+v", q, q.Source)
		}
	})
	if r.Counts != (app.CheckCounts{Exact: 4, Altered: 4, PageDiffers: 1, NotFound: 1}) {
		t.Errorf("counts %+v", r.Counts)
	}
}

func hasOp(ops []app.DiffOp, op, draft, source string) bool {
	for _, o := range ops {
		if o.Op == op && o.Draft == draft && o.Source == source {
			return true
		}
	}
	return false
}

// A draft without quotations reports none, and a quotation of a Markdown
// source is located by its lines.
func TestNoQuotesAndLines(t *testing.T) {
	l := realLibrary(t, register, readme)
	r := checkDraft(t, l, "notes.txt", "Plans for the week.\n\nRead the notice again; the directive is called the \"AD\" in it.\nNothing here is quoted.\n")
	if len(r.Quotes) != 0 || r.Counts != (app.CheckCounts{}) {
		t.Fatalf("a draft without quotations: %+v", r)
	}
	r = checkDraft(t, l, "notes.txt", "The library \"works best on machine-generated, rather than scanned, PDFs\" (README).\n")
	q := find(t, r, "works best")
	if q.Status != app.QuoteExact || q.Source.LineStart == 0 || q.Source.PageStart != 0 {
		t.Fatalf("%+v %+v", q, q.Source)
	}
}

// A quotation of a page read by OCR is found on it; a changed figure in
// it is called out.
func TestScannedPage(t *testing.T) {
	if _, err := exec.LookPath("tesseract"); err != nil {
		t.Skip("tesseract is not installed: no page can be read by OCR")
	}
	l := realLibrary(t, scanPNG)
	r := checkDraft(t, l, "scan.md", "The trust reported that “[t]he harbour received 412 vessels in the third quarter, an increase of nine percent” (p. 1), and that “Revenue from berthing fees rose to 4.2 million dollars” (p. 1).\n")
	q := find(t, r, "[t]he harbour")
	if q.Status != app.QuoteExact || q.Source.PageStart != 1 {
		t.Fatalf("%+v %+v", q, q.Source)
	}
	q = find(t, r, "Revenue from")
	if q.Status != app.QuoteAltered || !hasOp(q.Diff, "changed", "4.2", "3.2") {
		t.Fatalf("%+v", q)
	}
}

// docxDraft is a minimal Word document: paragraphs of prose and one in
// the built-in Quote style.
func docxDraft(t *testing.T, paras [][2]string) []byte {
	t.Helper()
	const nsW = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`
	var body strings.Builder
	for _, p := range paras {
		body.WriteString("<w:p>")
		if p[0] != "" {
			body.WriteString(`<w:pPr><w:pStyle w:val="` + p[0] + `"/></w:pPr>`)
		}
		body.WriteString(`<w:r><w:t xml:space="preserve">` + p[1] + `</w:t></w:r></w:p>`)
	}
	parts := map[string]string{
		"[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"_rels/.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
		"word/_rels/document.xml.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
			`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
		"word/styles.xml": `<?xml version="1.0"?><w:styles ` + nsW + `><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>` +
			`<w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/><w:basedOn w:val="Normal"/></w:style></w:styles>`,
		"word/document.xml": `<?xml version="1.0"?><w:document ` + nsW + `><w:body>` + body.String() + `</w:body></w:document>`,
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, content := range parts {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(content))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Drafts in Word and in PDF are read with the import's parsers: a Word
// block quotation (the Quote style) and quotations a PDF sets across its
// printed lines are found and checked.
func TestDraftFormats(t *testing.T) {
	l := realLibrary(t, register, readme)
	t.Run("DOCX", func(t *testing.T) {
		data := docxDraft(t, [][2]string{
			{"", "The notice explains the change."},
			{"Quote", "To ensure that an erroneous signal from a failed single AOA sensor does not prevent continued safe flight and landing"},
			{"", "(Notice at 3.) It also says the FAA “must receive comments on this proposed AD by September 12, 2020” (p. 1)."},
		})
		r := checkDraft(t, l, "brief.docx", string(data))
		if len(r.Quotes) != 2 {
			t.Fatalf("%+v", r.Quotes)
		}
		if q := r.Quotes[0]; !q.Block || q.Status != app.QuoteExact || q.Pincite != "Notice at 3" || q.Source.PageStart != 3 {
			t.Errorf("block quotation: %+v %+v", q, q.Source)
		}
		if q := r.Quotes[1]; q.Status != app.QuoteAltered || !hasOp(q.Diff, "changed", "12", "21") {
			t.Errorf("changed date: %+v", q)
		}
	})
	t.Run("PDF", func(t *testing.T) {
		f := fpdf.New("P", "pt", "Letter", "")
		f.AddPage()
		f.SetFont("Helvetica", "", 12)
		f.MultiCell(400, 16, `The summary states that "the agency has determined that final corrective action is necessary to address the unsafe condition" (p. 1), and that the rule applies to "all The Boeing Company Model 737-8 and 737-9 (737 MAX) airplanes" (p. 1).`, "", "L", false)
		var buf bytes.Buffer
		if err := f.Output(&buf); err != nil {
			t.Fatal(err)
		}
		r := checkDraft(t, l, "brief.pdf", buf.String())
		if len(r.Quotes) != 2 || r.Counts.Exact != 2 {
			for _, q := range r.Quotes {
				t.Logf("%s %q %v", q.Status, q.Quote, q.Issues)
			}
			t.Fatalf("counts %+v", r.Counts)
		}
		if q := r.Quotes[0]; q.DraftPage != 1 || q.Source.PageStart != 1 {
			t.Errorf("%+v", q)
		}
	})
}

// A draft that is itself in the library is not the source of its own
// quotations.
func TestDraftInTheLibrary(t *testing.T) {
	l := realLibrary(t, register)
	draft := "The rule said “every airplane must carry seventeen spare quokkas in the galley” (p. 2).\n"
	path := filepath.Join(t.TempDir(), "self.md")
	if err := os.WriteFile(path, []byte(draft), 0o644); err != nil {
		t.Fatal(err)
	}
	realLibrary(t, path)
	r := checkDraft(t, l, "self.md", draft)
	if len(r.Quotes) != 1 || r.Quotes[0].Status != app.QuoteNotFound {
		t.Fatalf("the draft was its own source: %+v", r.Quotes)
	}
	// The same words in another file are a source.
	other := filepath.Join(t.TempDir(), "other.md")
	os.WriteFile(other, []byte("# Rule\n\n"+draft), 0o644)
	realLibrary(t, other)
	r = checkDraft(t, l, "self.md", draft)
	if q := r.Quotes[0]; q.Status != app.QuoteExact || q.Source == nil || q.Source.Title != "Rule" {
		t.Fatalf("%+v %+v", q, q.Source)
	}
}
