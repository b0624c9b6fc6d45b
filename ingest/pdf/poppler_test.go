package pdf

import (
	"context"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// financeBench lists FinanceBench PDFs under ../shared, skipping when
// they are absent.
func financeBench(t testing.TB) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(sharedDir, "eval/financebench/pdfs/*.pdf"))
	if len(files) == 0 {
		t.Skip("needs ../shared/eval/financebench/pdfs beside the checkout")
	}
	sort.Strings(files)
	return files
}

// popplerWords runs pdftotext -bbox-layout and returns each page's words.
func popplerWords(t testing.TB, path string) [][]string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("needs pdftotext (Debian poppler-utils)")
	}
	out, err := exec.Command("pdftotext", "-bbox-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", path, err)
	}
	var doc struct {
		Pages []struct {
			Words []string `xml:"flow>block>line>word"`
		} `xml:"body>doc>page"`
	}
	// poppler writes an XHTML page; its entities are all XML ones.
	dec := xml.NewDecoder(strings.NewReader(string(out)))
	dec.Strict = false
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("pdftotext output: %v", err)
	}
	pages := make([][]string, len(doc.Pages))
	for i, p := range doc.Pages {
		pages[i] = p.Words
	}
	return pages
}

// wordsByPage is testWords grouped per page (1-based pages at index-1).
func wordsByPage(t testing.TB, data []byte) [][]string {
	var pages [][]string
	for _, w := range testWords(t, data) {
		for len(pages) < w.page {
			pages = append(pages, nil)
		}
		pages[w.page-1] = append(pages[w.page-1], w.text)
	}
	return pages
}

// agreement counts the words of a matched by a word of b on the same page
// (a multiset match).
func agreement(a, b [][]string) (matched, total int) {
	for i, pa := range a {
		have := map[string]int{}
		if i < len(b) {
			for _, w := range b[i] {
				have[w]++
			}
		}
		for _, w := range pa {
			total++
			if have[w] > 0 {
				have[w]--
				matched++
			}
		}
	}
	return matched, total
}

// TestPopplerWordAgreement compares word text with pdftotext on one
// FinanceBench 10-Q (PDF_AGREEMENT_ALL=1: every FinanceBench PDF, which
// takes minutes). The bar is 98% of words.
func TestPopplerWordAgreement(t *testing.T) {
	files := financeBench(t)
	if os.Getenv("PDF_AGREEMENT_ALL") == "" {
		one := filepath.Join(sharedDir, "eval/financebench/pdfs/BESTBUY_2024Q2_10Q.pdf")
		if _, err := os.Stat(one); err != nil {
			one = files[0]
		}
		files = []string{one}
	}
	var m, n, pm, pn int
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ours, theirs := wordsByPage(t, data), popplerWords(t, f)
		a, b := agreement(theirs, ours)
		c, d := agreement(ours, theirs)
		m, n, pm, pn = m+a, n+b, pm+c, pn+d
		t.Logf("%s: %.2f%% of poppler's %d words found; %.2f%% of our %d words in poppler's",
			filepath.Base(f), 100*float64(a)/float64(max(b, 1)), b, 100*float64(c)/float64(max(d, 1)), d)
	}
	recall := float64(m) / float64(max(n, 1))
	t.Logf("all: %.2f%% of %d poppler words matched; %.2f%% of %d of ours", 100*recall, n, 100*float64(pm)/float64(max(pn, 1)), pn)
	if recall < 0.98 {
		t.Errorf("word agreement %.2f%% < 98%%", 100*recall)
	}
}

// BenchmarkParse parses the FinanceBench 3M 2022 10-K (252 pages) and
// reports pages/s, CPU ms per page (this process and its PDFium worker
// processes, read from /proc on Linux), and the ratios to pdftotext
// -bbox-layout run in the same benchmark on the same file, by wall time
// and by CPU time (CPU time is the fair one on a shared machine).
//
//	CGO_ENABLED=0 go test ./ingest/pdf/ -run '^$' -bench BenchmarkParse -benchtime 5x
func BenchmarkParse(b *testing.B) {
	const rel = "eval/financebench/pdfs/3M_2022_10K.pdf"
	data := sharedFile(b, rel)
	path := filepath.Join(sharedDir, rel)
	e := testEngine(b)
	var pages int
	cpu0 := cpuTime(e)
	start := time.Now()
	for b.Loop() {
		p, err := e.Parse(context.Background(), data, "")
		if err != nil {
			b.Fatal(err)
		}
		pages = p.Pages
	}
	wall := time.Since(start) / time.Duration(b.N)
	cpu := (cpuTime(e) - cpu0) / time.Duration(b.N)
	b.ReportMetric(float64(pages)/wall.Seconds(), "pages/s")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(pages), "cpu-ms/page")
	if _, err := exec.LookPath("pdftotext"); err != nil {
		return
	}
	const runs = 3
	var popWall, popCPU time.Duration
	for range runs {
		cmd := exec.Command("pdftotext", "-bbox-layout", path, os.DevNull)
		t0 := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		popWall += time.Since(t0)
		popCPU += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	popWall, popCPU = popWall/runs, popCPU/runs
	b.ReportMetric(float64(popCPU.Microseconds())/1000/float64(pages), "poppler-cpu-ms/page")
	b.ReportMetric(wall.Seconds()/popWall.Seconds(), "x-poppler-wall")
	b.ReportMetric(cpu.Seconds()/popCPU.Seconds(), "x-poppler-cpu")
}
