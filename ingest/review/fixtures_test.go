package review_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"archivist/app"
	"archivist/ingest/filing"
)

// TestReviewOfParserFixtures imports the shared parser fixtures — Word
// files of python-docx and mammoth, Markdown, pdfplumber's PDFs: small
// documents on unrelated subjects, many titled by one word, a layout
// fragment or text a PDF's fonts garbled — one folder at a time with the
// review on. A careful person would accept no new folder here: every one
// proposed must have a name that says what it holds and gather an older
// document as well as the new one.
func TestReviewOfParserFixtures(t *testing.T) {
	dir := os.Getenv("ARCHIVIST_SHARED")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared")
	}
	dir = filepath.Join(dir, "fixtures")
	if _, err := os.Stat(filepath.Join(dir, "docx_python_docx")); err != nil {
		t.Skipf("the shared parser fixtures are not at %s (set ARCHIVIST_SHARED to their parent): skipping", dir)
	}
	if testing.Short() {
		t.Skip("imports about 150 real files")
	}
	ctx := context.Background()
	l := newLibrary(t)
	svc := l.service(local())
	l.im.Imported = func(ctx context.Context, ids []string) {
		if _, err := svc.ReviewImported(ctx, ids); err != nil {
			t.Errorf("review: %v", err)
		}
	}
	for _, sub := range []string{"docx_python_docx", "docx_mammoth", "markdown", "pdfplumber"} {
		if _, err := l.im.Import(ctx, []string{filepath.Join(dir, sub)}, nil); err != nil {
			t.Fatalf("import %s: %v", sub, err)
		}
	}
	props, err := l.db.ReviewProposals(ctx, app.ReviewProposed)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range props {
		if p.ToFolderID != "" {
			continue
		}
		if !filing.Nameable(p.NewName, nil) {
			t.Errorf("a new folder %q named by a title that says nothing of a subject: %+v", p.NewName, p)
		}
		gathered := 0
		for _, q := range props {
			if q.ToFolderID == "" && q.NewName == p.NewName && q.NewParentID == p.NewParentID {
				gathered++
			}
		}
		if gathered < 2 {
			t.Errorf("a new folder %q for one document alone: %+v", p.NewName, p)
		}
	}
	t.Logf("%d open proposals", len(props))
}
