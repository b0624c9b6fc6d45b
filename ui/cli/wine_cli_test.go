package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// TestWindowsUnderWine runs the Windows build through the README's
// workflow on real files under Wine: the store's own path and lock tests,
// then import (a FinanceBench PDF, a DOCX, an HTML page and a Markdown file
// with Windows line endings) into the default library in %AppData%, a
// second import refused while the first holds the lock, list, ask with a
// highlighted citation, replay, export to a PDF that pdfcpu reads back, and
// libraries on a drive path and a relative path; last, the window on the
// library the workflow filled.
func TestWindowsUnderWine(t *testing.T) {
	w := newWine(t)
	docs := wineDocs(t)
	bin := t.TempDir()
	exe := filepath.Join(bin, "archivist.exe")
	crossBuild(t, exe, false, "../..")
	const slow = 10 * time.Minute // a generous bound for a loaded machine

	t.Run("StoreTests", func(t *testing.T) {
		// Relative, spaced, non-ASCII and over-260-character library
		// paths on C:, and the lock held across processes and dropped
		// when its holder is killed.
		w.goTests(t, bin, "../../store", "TestFileURI", "TestFileURIParsesAsSQLiteDoes", "TestOpen",
			"TestOpenAwkwardPaths", "TestLibraryLock", "TestLibraryLockAcrossProcesses", "TestLockHelperProcess")
	})
	t.Run("PDFWorkerTests", func(t *testing.T) {
		// PDFium's worker processes: killed at the time limit, and a
		// worker killed from outside fails its document, not the import.
		w.goTests(t, bin, "../../ingest/pdf", "TestTimeLimitKills", "TestWorkerDies")
	})

	lib := filepath.Join(w.appData(t), "Archivist")
	var ids map[string]string // format → document ID
	t.Run("ImportWhileLocked", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), slow)
		defer cancel()
		first := w.command(ctx, exe, "import", winPath(t, docs))
		var out, errOut bytes.Buffer
		first.Stdout, first.Stderr = &out, &errOut
		if err := first.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- first.Wait() }()
		// The holder writes its (Windows) process ID into the lock file
		// once it has the library.
		var pid string
		for pid == "" {
			b, _ := os.ReadFile(filepath.Join(lib, "library.lock"))
			if p := strings.TrimSpace(string(b)); p != "" {
				if _, err := strconv.Atoi(p); err == nil {
					pid = p
				}
			}
			select {
			case err := <-done:
				t.Fatalf("the first import ended (%v) before it was seen holding the library:\n%s%s", err, out.String(), errOut.String())
			case <-time.After(50 * time.Millisecond):
			}
		}
		stdout, stderr, code := w.run(t, slow, bin, exe, "import", winPath(t, docs))
		want := "is already open in another Archivist (process " + pid + ")"
		if code != 1 || !strings.Contains(stderr, want) || stdout != "" {
			t.Errorf("second import: exit %d, stdout %q, stderr %q; want exit 1 and %q (duplicates mean the first import had already ended)", code, stdout, stderr, want)
		}
		if err := <-done; err != nil {
			t.Fatalf("first import: %v\n%s%s", err, out.String(), errOut.String())
		}
		if n := strings.Count(out.String(), "imported: "); n != 4 {
			t.Fatalf("first import imported %d files, want 4:\n%s%s", n, out.String(), errOut.String())
		}
		// The default library is the per-user data folder.
		if _, err := os.Stat(filepath.Join(lib, "library.db")); err != nil {
			t.Fatalf("no library in %%AppData%%\\Archivist: %v", err)
		}
	})

	t.Run("List", func(t *testing.T) {
		out, errOut, code := w.run(t, slow, bin, exe, "list", "--json")
		var list []struct{ ID, Filename, Format, Status, Error string }
		if code != 0 || json.Unmarshal([]byte(out), &list) != nil {
			t.Fatalf("list --json: exit %d\n%s%s", code, out, errOut)
		}
		ids = map[string]string{}
		for _, d := range list {
			if d.Status != "ready" {
				t.Errorf("%s is %s (%s)", d.Filename, d.Status, d.Error)
			}
			ids[d.Format] = d.ID
		}
		for _, f := range []string{"pdf", "docx", "html", "markdown"} {
			if ids[f] == "" {
				t.Errorf("no %s document in %s", f, out)
			}
		}
	})
	if t.Failed() {
		t.FailNow()
	}

	var token string
	var answerJSON string
	t.Run("AskPDF", func(t *testing.T) {
		out, errOut, code := w.run(t, slow, bin, exe, "ask", "--json", "Which bank is trustee of Amcor's notes under the 2016 Indenture?")
		a := parseAnswer(t, out, errOut, code)
		token, answerJSON = a.TraceToken, out
		c := a.firstCitation(t, ids["pdf"])
		if c.Precision != "line" || len(c.Rects) == 0 || c.PageStart < 1 {
			t.Errorf("the PDF citation is not highlighted: precision %s, %d rects, page %d", c.Precision, len(c.Rects), c.PageStart)
		}
		if !strings.Contains(c.Quote, "Deutsche Bank") {
			t.Errorf("the quote does not name the trustee: %q", c.Quote)
		}
	})
	t.Run("AskCRLFMarkdown", func(t *testing.T) {
		// The Markdown was written with Windows line endings: the quote
		// is on the lines it names, with no carriage returns.
		out, errOut, code := w.run(t, slow, bin, exe, "ask", "--json", "--doc", ids["markdown"],
			"How do I include URL query parameters in the request?")
		c := parseAnswer(t, out, errOut, code).firstCitation(t, ids["markdown"])
		if strings.Contains(c.Quote, "\r") || c.LineStart < 1 {
			t.Fatalf("citation %+v", c)
		}
		src, err := os.ReadFile(filepath.Join(docs, "quickstart.md"))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\r\n")
		if c.LineEnd > len(lines) {
			t.Fatalf("lines %d-%d of a %d-line file", c.LineStart, c.LineEnd, len(lines))
		}
		cited := strings.Join(lines[c.LineStart-1:c.LineEnd], " ")
		if !strings.Contains(squash(cited), squash(strings.Fields(c.Quote)[0])) {
			t.Errorf("lines %d-%d %q do not hold the quote %q", c.LineStart, c.LineEnd, cited, c.Quote)
		}
	})
	if token == "" {
		t.FailNow()
	}

	t.Run("Replay", func(t *testing.T) {
		out, errOut, code := w.run(t, slow, bin, exe, "replay", token)
		if code != 0 || out != answerJSON {
			t.Fatalf("replay: exit %d, the output differs from ask's:\n%s%s", code, out, errOut)
		}
	})

	t.Run("Export", func(t *testing.T) {
		pdf := filepath.Join(t.TempDir(), "evidence.pdf")
		out, errOut, code := w.run(t, slow, bin, exe, "export", token, winPath(t, pdf))
		m := regexp.MustCompile(`: (\d+) pages, (\d+) highlights`).FindStringSubmatch(out)
		if code != 0 || m == nil {
			t.Fatalf("export: exit %d\n%s%s", code, out, errOut)
		}
		b, err := os.ReadFile(pdf)
		if err != nil {
			t.Fatal(err)
		}
		ctx, err := api.ReadContext(bytes.NewReader(b), model.NewDefaultConfiguration())
		if err == nil {
			err = api.ValidateContext(ctx)
		}
		if err != nil {
			t.Fatalf("pdfcpu cannot read the export back: %v", err)
		}
		if strconv.Itoa(ctx.PageCount) != m[1] || m[2] == "0" {
			t.Errorf("the export has %d pages; the command said %s pages, %s highlights", ctx.PageCount, m[1], m[2])
		}
		annots, err := api.Annotations(bytes.NewReader(b), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, page := range annots {
			n += len(page[model.AnnHighLight].Map)
		}
		if strconv.Itoa(n) != m[2] {
			t.Errorf("the export holds %d highlight annotations, the command said %s", n, m[2])
		}
	})

	t.Run("DriveAndRelativeLibraries", func(t *testing.T) {
		md := winPath(t, filepath.Join(docs, "quickstart.md"))
		drive := `C:\Archive test\Zoë's library`
		relDir := t.TempDir()
		for _, c := range []struct{ lib, where string }{
			{drive, filepath.Join(w.prefix, "drive_c", "Archive test", "Zoë's library")},
			{"lib", filepath.Join(relDir, "lib")},
		} {
			out, errOut, code := w.run(t, slow, relDir, exe, "--library", c.lib, "import", md)
			if code != 0 || !strings.HasPrefix(out, "imported: ") {
				t.Errorf("import into --library %s: exit %d\n%s%s", c.lib, code, out, errOut)
				continue
			}
			if _, err := os.Stat(filepath.Join(c.where, "library.db")); err != nil {
				t.Errorf("--library %s: no library at %s: %v", c.lib, c.where, err)
			}
		}
		// Windows names are case-blind: the same file named in other
		// letters is found, read as Markdown, and known as a duplicate.
		parent := winPath(t, filepath.Dir(docs))
		upper := parent + `\` + strings.ToUpper(filepath.Base(docs)) + `\QUICKSTART.MD`
		out, errOut, code := w.run(t, slow, relDir, exe, "--library", drive, "import", upper)
		if code != 0 || !strings.HasPrefix(out, "duplicate: ") {
			t.Errorf("import %s: exit %d, want a duplicate\n%s%s", upper, code, out, errOut)
		}
	})

	t.Run("Desktop", func(t *testing.T) { wineDesktop(t, w) })
}

// goTests builds pkg's tests for Windows and runs the named ones under
// Wine; each must pass.
func (w *wine) goTests(t *testing.T, bin, pkg string, names ...string) {
	t.Helper()
	exe := filepath.Join(bin, filepath.Base(pkg)+".test.exe")
	crossBuild(t, exe, true, pkg)
	out, errOut, code := w.run(t, 10*time.Minute, bin, exe, "-test.v", "-test.run", "^("+strings.Join(names, "|")+")$")
	// Go's os.RemoveAll deletes through FileDispositionInformationEx,
	// which Wine 8 refuses for some folders ("Invalid function"), so the
	// testing package's clean-up of t.TempDir can fail there, and only
	// there. That one message is set aside; any other failure counts.
	cleanup := regexp.MustCompile(`(?m)^[ \t]+testing\.go:\d+: TempDir RemoveAll cleanup: .*: Invalid function\.\r?$`)
	rest := cleanup.ReplaceAllString(out, "")
	failure := regexp.MustCompile(`(?m)^[ \t]+\S+_test\.go:\d+: |^[ \t]+--- FAIL|^panic:`)
	excused := code == 1 && rest != out && !failure.MatchString(rest)
	if code != 0 && !excused {
		t.Fatalf("%s tests on Windows: exit %d\n%s\n%s", pkg, code, out, errOut)
	}
	for _, name := range names {
		if !regexp.MustCompile(`(?m)^--- (PASS|FAIL): ` + name + ` `).MatchString(rest) {
			t.Errorf("%s did not run on Windows:\n%s", name, out)
		}
	}
}

// wineDocs makes a folder of real documents for the Windows workflow, or
// skips when ../shared is absent.
func wineDocs(t *testing.T) string {
	t.Helper()
	const fixtures = "../../../shared/fixtures"
	files := map[string]string{
		"../../../shared/eval/financebench/pdfs/AMCOR_2022_8K_dated-2022-07-01.pdf": "AMCOR_2022_8K.pdf",
		filepath.Join(fixtures, "docx_mammoth/tests/test-data/tables.docx"):         "tables.docx",
		filepath.Join(fixtures, "html_readability/wikipedia/source.html"):           "wikipedia.html",
		filepath.Join(fixtures, "markdown/httpx_docs/quickstart.md"):                "quickstart.md",
	}
	dir := filepath.Join(t.TempDir(), "My documents")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for src, name := range files {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Skipf("%s is absent (the Windows workflow reads ../shared beside the checkout): %v", src, err)
		}
		if strings.HasSuffix(name, ".md") {
			b = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// wineAnswer is the part of `ask --json` the Windows workflow checks.
type wineAnswer struct {
	Sufficient bool           `json:"sufficient"`
	TraceToken string         `json:"trace_token"`
	Citations  []wineCitation `json:"citations"`
}

type wineCitation struct {
	DocumentID string `json:"document_id"`
	Quote      string `json:"quote"`
	PageStart  int    `json:"page_start"`
	LineStart  int    `json:"line_start"`
	LineEnd    int    `json:"line_end"`
	Rects      []any  `json:"rects"`
	Precision  string `json:"precision"`
}

func parseAnswer(t *testing.T, out, errOut string, code int) *wineAnswer {
	t.Helper()
	var a wineAnswer
	if code != 0 || json.Unmarshal([]byte(out), &a) != nil {
		t.Fatalf("ask --json: exit %d\n%s%s", code, out, errOut)
	}
	if !a.Sufficient || a.TraceToken == "" || len(a.Citations) == 0 {
		t.Fatalf("ask --json did not answer with citations:\n%s", out)
	}
	return &a
}

// firstCitation is the answer's first citation of document id.
func (a *wineAnswer) firstCitation(t *testing.T, id string) wineCitation {
	t.Helper()
	for _, c := range a.Citations {
		if c.DocumentID == id {
			return c
		}
	}
	t.Fatalf("no citation of document %s in %+v", id, a.Citations)
	return wineCitation{}
}

// squash drops Markdown's backticks and spacing, to compare a quote with
// its source lines.
func squash(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "`", "")), " ")
}
