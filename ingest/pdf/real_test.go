package pdf

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"archivist/app"
)

// sharedDir is ../shared beside the checkout, seen from this package.
const sharedDir = "../../../shared"

// sharedFile reads a file under ../shared, skipping the test when the
// evaluation corpora are not there.
func sharedFile(t testing.TB, rel string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sharedDir, rel))
	if err != nil {
		t.Skipf("needs ../shared beside the checkout (%s): %v", rel, err)
	}
	return data
}

// squash folds whitespace and the line-end hyphenation pdfplumber keeps.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestFederalRegisterColumns: page 1 of a three-column Federal Register
// notice reads column by column (pdfplumber's test_text_flow passage).
func TestFederalRegisterColumns(t *testing.T) {
	data := sharedFile(t, "fixtures/pdfplumber/tests/pdfs/federal-register-2020-17221.pdf")
	p := mustParse(t, data)
	var page1 []string
	for _, b := range p.Blocks {
		if b.Page == 1 {
			page1 = append(page1, b.Text)
		}
	}
	all := squash(strings.Join(page1, "\n"))
	want := squash("The FAA proposes to\nsupersede Airworthiness Directive (AD)\n2018–23–51, which applies to all The\nBoeing Company Model 737–8 and 737–\n9 (737 MAX) airplanes. Since AD 2018–\n")
	if !strings.Contains(all, want) {
		t.Errorf("passage not in column order; page 1 reads:\n%s", strings.Join(page1, "\n---\n"))
	}
}

// TestRealDamagedAndEncrypted runs the fixture corpora's broken and
// encrypted files: each gives a clear error or a correct import, never a
// crash or a hang.
func TestRealDamagedAndEncrypted(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		rel, password, code string
	}{
		{"fixtures/pdfplumber/tests/pdfs/empty.pdf", "", "invalid"},
		{"fixtures/pdfplumber/tests/pdfs/password-example.pdf", "", app.EPassword},
		{"fixtures/pdfplumber/tests/pdfs/password-example.pdf", "test", ""},
		{"fixtures/pdfminer_six/samples/encryption/aes-256.pdf", "", app.EPassword},
		{"fixtures/pdfminer_six/samples/encryption/aes-256.pdf", "foo", ""},
		{"fixtures/pdfminer_six/samples/encryption/rc4-40.pdf", "baz", ""},
		{"fixtures/pdfminer_six/samples/encryption/aes-128-m.pdf", "wrong", app.EPassword},
		{"fixtures/pdfplumber/tests/pdfs/malformed-from-issue-932.pdf", "", ""},
		{"fixtures/pdfminer_six/samples/zen_of_python_corrupted.pdf", "", ""},
	} {
		t.Run(filepath.Base(c.rel)+"/"+c.password, func(t *testing.T) {
			data := sharedFile(t, c.rel)
			p, err := e.Parse(t.Context(), data, c.password)
			if code := app.ErrorCode(err); code != c.code {
				t.Fatalf("code %q (%v), want %q", code, err, c.code)
			}
			if err != nil {
				t.Log(err)
				return
			}
			if p.Pages == 0 || len(p.Blocks) == 0 {
				t.Errorf("%d pages, %d blocks", p.Pages, len(p.Blocks))
			}
		})
	}
}

// TestRealPageLabels: pdfminer's page-label sample.
func TestRealPageLabels(t *testing.T) {
	p := mustParse(t, sharedFile(t, "fixtures/pdfminer_six/samples/contrib/pagelabels.pdf"))
	var labels []string
	for _, pg := range p.PageInfo {
		labels = append(labels, pg.Label)
	}
	t.Logf("labels %v", labels)
	if len(labels) == 0 || labels[0] == "" {
		t.Errorf("no page labels: %v", labels)
	}
}

// TestFinanceBenchSurvey (PDF_SURVEY=1; a minute or two) parses every
// FinanceBench PDF and logs where each section tree came from and its top
// two levels with page ranges (PDF_SURVEY=2: every level).
func TestFinanceBenchSurvey(t *testing.T) {
	if os.Getenv("PDF_SURVEY") == "" {
		t.Skip("set PDF_SURVEY=1 to survey the FinanceBench section trees")
	}
	depth := 2
	if os.Getenv("PDF_SURVEY") == "2" {
		depth = 6
	}
	count := map[string]int{}
	e := testEngine(t)
	for _, f := range financeBench(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, src, err := e.parse(t.Context(), data, "")
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if errs := checkParsed(p); errs != nil {
			t.Errorf("%s: %v", f, errs[:min(len(errs), 5)])
		}
		count[src]++
		var b strings.Builder
		for _, s := range p.Sections[1:] {
			if s.Level-p.Sections[s.Parent].Level > 0 && depthOf(p, s) <= depth {
				fmt.Fprintf(&b, "\n    %s%s [%d–%d]", strings.Repeat("  ", depthOf(p, s)-1), s.Heading, s.PageStart, s.PageEnd)
			}
		}
		notice := ""
		if p.Notice != "" {
			notice = "; notice " + strconv.Quote(p.Notice)
		}
		t.Logf("%s: %d pages, %d sections from %s; title %q%s%s", filepath.Base(f), p.Pages, len(p.Sections)-1, src, p.Title, notice, b.String())
	}
	t.Logf("outline %d, contents %d, headings %d, none %d", count[treeOutline], count[treeContents], count[treeHeadings], count[treeNone])
}

// depthOf is a section's depth in the tree: 1 for the root's children.
func depthOf(p *app.Parsed, s app.Section) int {
	d := 0
	for s.Parent >= 0 {
		d++
		s = p.Sections[s.Parent]
	}
	return d
}
