package pdf

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The files in testdata/cycles are small PDFs whose structure loops, one
// kind of cycle each; cycleFiles writes them (go test -run
// TestCycleFilesCurrent -update-cycles ./ingest/pdf/) and the tests read
// them from disk, as a user's import would.
var updateCycles = flag.Bool("update-cycles", false, "rewrite testdata/cycles from cycleFiles")

// rawPDF writes a PDF from numbered object bodies, with a correct xref
// table, so that every cycle is in the objects and not in a broken file
// PDFium would have to repair.
func rawPDF(objs map[int]string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	n := 0
	for k := range objs {
		n = max(n, k)
	}
	offs := make([]int, n+1)
	for i := 1; i <= n; i++ {
		body, ok := objs[i]
		if !ok {
			body = "null"
		}
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i, body)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", n+1)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%010d 00000 n \n", offs[i])
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", n+1, xref)
	return b.Bytes()
}

// cycleText is what every cycle file's first page says.
const cycleText = "The keeper lights the lamp at dusk."

// cycleDoc returns a one-page document (objects 1–5: catalog, pages,
// page, contents, font) with extra catalog entries, page entries and
// objects.
func cycleDoc(catalog, pageExtra string, extra map[int]string) []byte {
	content := "BT /F1 14 Tf 72 700 Td (" + cycleText + ") Tj ET"
	objs := map[int]string{
		1: "<< /Type /Catalog /Pages 2 0 R " + catalog + " >>",
		2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R " + pageExtra + " >>",
		4: fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		5: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /Differences [1 /G41 /G42] >> >>",
	}
	for k, v := range extra {
		objs[k] = v
	}
	return rawPDF(objs)
}

const dest = "/Dest [3 0 R /XYZ 0 792 0]"

// cycleFiles are the cycle files by name.
func cycleFiles() map[string][]byte {
	return map[string][]byte{
		// Two items whose /Next point at each other.
		"outline-next-loop.pdf": cycleDoc("/Outlines 6 0 R", "", map[int]string{
			6: "<< /Type /Outlines /First 7 0 R /Last 8 0 R /Count 2 >>",
			7: "<< /Title (Keeper) /Parent 6 0 R /Next 8 0 R " + dest + " >>",
			8: "<< /Title (Storm) /Parent 6 0 R /Prev 7 0 R /Next 7 0 R " + dest + " >>",
		}),
		// An item whose /Next is its own parent.
		"outline-next-parent.pdf": cycleDoc("/Outlines 6 0 R", "", map[int]string{
			6: "<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 2 >>",
			7: "<< /Title (Part one) /Parent 6 0 R /First 8 0 R /Last 8 0 R /Count 1 " + dest + " >>",
			8: "<< /Title (Chapter one) /Parent 7 0 R /Next 7 0 R " + dest + " >>",
		}),
		// /First leading back up: an item is its own grandchild, and
		// another its own first child.
		"outline-first-loop.pdf": cycleDoc("/Outlines 6 0 R", "", map[int]string{
			6: "<< /Type /Outlines /First 7 0 R /Last 9 0 R /Count 3 >>",
			7: "<< /Title (Part one) /Parent 6 0 R /First 8 0 R /Next 9 0 R " + dest + " >>",
			8: "<< /Title (Chapter one) /Parent 7 0 R /First 7 0 R " + dest + " >>",
			9: "<< /Title (Part two) /Parent 6 0 R /Prev 7 0 R /First 9 0 R " + dest + " >>",
		}),
		// A page tree node among its own /Kids, and a node whose kid is
		// its parent.
		"pages-kids-cycle.pdf": rawPDF(map[int]string{
			1: "<< /Type /Catalog /Pages 2 0 R >>",
			2: "<< /Type /Pages /Kids [3 0 R 6 0 R 2 0 R] /Count 3 >>",
			3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
			4: fmt.Sprintf("<< /Length %d >>\nstream\nBT /F1 14 Tf 72 700 Td (%s) Tj ET\nendstream", len("BT /F1 14 Tf 72 700 Td ("+cycleText+") Tj ET"), cycleText),
			5: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [1 /G41] >> >>",
			6: "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>",
		}),
		// A name tree (/Dests) whose /Kids lead back to itself; a
		// bookmark's named destination sends PDFium into it.
		"name-tree-cycle.pdf": cycleDoc("/Names << /Dests 10 0 R >> /Outlines 6 0 R", "", map[int]string{
			6:  "<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>",
			7:  "<< /Title (Named) /Parent 6 0 R /Dest (chapter) >>",
			10: "<< /Kids [11 0 R] >>",
			11: "<< /Kids [10 0 R 11 0 R] /Limits [(a) (z)] >>",
		}),
		// A number tree (/PageLabels) whose /Kids lead back to itself:
		// PDFium follows it until its stack overflows.
		"page-labels-cycle.pdf": cycleDoc("/PageLabels 12 0 R", "", map[int]string{
			12: "<< /Kids [13 0 R] >>",
			13: "<< /Kids [12 0 R] /Limits [0 9] >>",
		}),
		// A structure tree whose element is its own kid and parent.
		"struct-tree-cycle.pdf": cycleDoc("/MarkInfo << /Marked true >> /StructTreeRoot 14 0 R", "/StructParents 0", map[int]string{
			14: "<< /Type /StructTreeRoot /K 15 0 R /ParentTree << /Nums [0 [15 0 R]] >> >>",
			15: "<< /Type /StructElem /S /P /P 15 0 R /K [15 0 R 14 0 R 0] /Pg 3 0 R >>",
		}),
		// Form fields whose /Kids lead back to the field, a widget whose
		// /Parent is itself, and two annotations each other's /Parent.
		"form-fields-cycle.pdf": cycleDoc("/AcroForm << /Fields [17 0 R 19 0 R] >>", "/Annots [18 0 R 19 0 R 20 0 R 21 0 R]", map[int]string{
			17: "<< /FT /Tx /T (harbour) /V (Harbour master) /Kids [18 0 R] >>",
			18: "<< /Type /Annot /Subtype /Widget /Parent 17 0 R /Kids [17 0 R] /Rect [72 600 300 620] /P 3 0 R >>",
			19: "<< /Type /Annot /Subtype /Widget /FT /Tx /T (self) /V (Self field) /Parent 19 0 R /Rect [72 560 300 580] /P 3 0 R >>",
			20: "<< /Type /Annot /Subtype /Text /Contents (Note one) /Parent 21 0 R /Rect [72 500 92 520] /P 3 0 R >>",
			21: "<< /Type /Annot /Subtype /Popup /Parent 20 0 R /Rect [100 500 200 560] /P 3 0 R >>",
		}),
	}
}

// TestCycleFilesCurrent checks testdata/cycles holds what cycleFiles
// makes (and writes it with -update-cycles).
func TestCycleFilesCurrent(t *testing.T) {
	for name, data := range cycleFiles() {
		path := filepath.Join("testdata", "cycles", name)
		if *updateCycles {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		have, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update-cycles)", err)
		}
		if !bytes.Equal(have, data) {
			t.Errorf("%s differs from cycleFiles (run with -update-cycles)", path)
		}
	}
}

// TestCyclesEnd imports each cycle file: it must end — within a limit far
// below the engine's — with its page's text, or with a clear refusal.
func TestCyclesEnd(t *testing.T) {
	e := &Engine{cfg: testEngine(t).cfg, procs: testEngine(t).procs}
	// A loop runs into this bound and fails the test instead of taking
	// the default two minutes; it is not a speed requirement.
	e.cfg.DocumentTimeout = 20 * time.Second
	names, _ := filepath.Glob(filepath.Join("testdata", "cycles", "*.pdf"))
	if len(names) < 8 {
		t.Fatalf("%d cycle files in testdata/cycles", len(names))
	}
	for _, path := range names {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			p, err := e.Parse(context.Background(), data, "")
			t.Logf("%s: %v", filepath.Base(path), time.Since(start).Round(time.Millisecond))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if errs := checkParsed(p); errs != nil {
				t.Fatalf("%v", errs)
			}
			var text strings.Builder
			for _, b := range p.Blocks {
				text.WriteString(b.Text + "\n")
			}
			if !strings.Contains(text.String(), "keeper lights the lamp") {
				t.Errorf("text %q lacks the page's sentence", text.String())
			}
			if strings.HasPrefix(filepath.Base(path), "outline-") {
				titles := map[string]int{}
				for _, s := range p.Sections[1:] {
					titles[s.Heading]++
				}
				for title, n := range titles {
					if n > 1 {
						t.Errorf("section %q read %d times: the loop was followed", title, n)
					}
				}
				if len(titles) == 0 {
					t.Errorf("no section read from the outline")
				}
			}
		})
	}
}

// TestCyclesPdfcpuEnd runs pdfcpu's two reads in this process — the
// diagnosis of a file PDFium refused, and the font scan — over the cycle
// files: each returns. (pdfcpu's validation, which loops on the name tree
// cycle, runs only in worker processes, killed after structureTimeout.)
func TestCyclesPdfcpuEnd(t *testing.T) {
	for name, data := range cycleFiles() {
		if _, ok := within(20*time.Second, func() string { return readStructure(data, false) }); !ok {
			t.Errorf("%s: pdfcpu's structure read did not return", name)
		}
		if _, ok := within(20*time.Second, func() glyphCodes { return scanGlyphCodes(data, "") }); !ok {
			t.Errorf("%s: the font scan did not return", name)
		}
	}
}
