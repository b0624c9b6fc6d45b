package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
)

// TestErrorDetailsKeptApart: an error's technical details reach `--json`
// output as "details" and the import log (ARCHIVIST_LOG=1), never the
// message a person reads.
func TestErrorDetailsKeptApart(t *testing.T) {
	var b bytes.Buffer
	printError(&b, &app.Error{Code: app.EInvalid, Message: "the PDF is damaged or not a PDF (it is truncated)", Details: "xref table: unexpected eof"})
	if !strings.Contains(b.String(), `"details": "xref table: unexpected eof"`) || !strings.Contains(b.String(), `"message": "the PDF is damaged or not a PDF (it is truncated)"`) {
		t.Errorf("json error: %s", b.String())
	}
	b.Reset()
	printError(&b, &app.Error{Code: app.ENoEvidence, Message: "No document in scope is ready."})
	if strings.Contains(b.String(), "details") {
		t.Errorf("details without any: %s", b.String())
	}

	src := t.TempDir()
	broken := filepath.Join(src, "broken.pdf")
	os.WriteFile(broken, []byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\nxref\n0 2\n"), 0o644)
	t.Setenv("ARCHIVIST_LOG", "1")
	out, errOut, code := cli(t, t.TempDir(), "import", broken)
	if code != 1 || !strings.Contains(out, "failed: "+broken+": the PDF is damaged or not a PDF (") {
		t.Fatalf("import: exit %d\n%s", code, out)
	}
	if strings.Contains(out, "pdfcpu") || strings.Contains(out, "PDFium") {
		t.Errorf("message carries technical detail: %s", out)
	}
	if !strings.Contains(errOut, "details: PDFium") {
		t.Errorf("the log lacks the details: %q", errOut)
	}
}
