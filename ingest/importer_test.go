package ingest_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/store"
)

func newImporter(t testing.TB) *ingest.Importer {
	t.Helper()
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &ingest.Importer{DB: db, NewID: uuid.NewString}
}

func write(t testing.TB, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func importAll(t testing.TB, im *ingest.Importer, paths ...string) map[string]app.ImportResult {
	t.Helper()
	results, err := im.Import(context.Background(), paths, nil)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]app.ImportResult{}
	for _, r := range results {
		byName[filepath.Base(r.Path)] = r
	}
	return byName
}

func hits(t testing.TB, im *ingest.Importer, word string) []store.Hit {
	t.Helper()
	ctx := context.Background()
	snap, err := im.DB.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	h, err := snap.Search(ctx, `"`+word+`"`, nil, 100)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

const guide = "# Field Guide\n\nWalruses haul out on sea ice.\n\n```\n# not a heading\n```\n\n## Diet\n\nThey eat clams.\n"

func TestImport(t *testing.T) {
	ctx := context.Background()
	im := newImporter(t)
	dir := t.TempDir()
	good := write(t, dir, "guide.md", []byte(guide))
	r := importAll(t, im, good)["guide.md"]
	if r.Outcome != app.OutcomeImported || r.Title != "Field Guide" {
		t.Fatalf("result = %+v", r)
	}
	t.Run("DuplicateReported", func(t *testing.T) {
		again := write(t, dir, "copy-of-guide.md", []byte(guide))
		r2 := importAll(t, im, again)["copy-of-guide.md"]
		if r2.Outcome != app.OutcomeDuplicate || r2.DocumentID != r.DocumentID {
			t.Fatalf("result = %+v", r2)
		}
		docs, _ := im.Documents(ctx)
		if len(docs) != 1 {
			t.Fatalf("%d documents after duplicate import", len(docs))
		}
	})
	t.Run("OriginalKept", func(t *testing.T) {
		docs, _ := im.Documents(ctx)
		data, err := im.DB.ReadBlob(docs[0].SHA256)
		if err != nil || string(data) != guide {
			t.Fatalf("stored original = %q, %v", data, err)
		}
		if docs[0].Filename != "guide.md" || docs[0].Format != app.FormatMarkdown || docs[0].Status != app.StatusReady {
			t.Fatalf("document = %+v", docs[0])
		}
	})
	t.Run("Searchable", func(t *testing.T) {
		if len(hits(t, im, "walruses")) == 0 {
			t.Fatal("imported text not found")
		}
	})
}

func TestBadInput(t *testing.T) {
	ctx := context.Background()
	im := newImporter(t)
	dir := t.TempDir()
	importAll(t, im, write(t, dir, "keep.md", []byte(guide)))

	garbage := make([]byte, 4096)
	rand.New(rand.NewSource(1)).Read(garbage)
	bad := t.TempDir()
	write(t, bad, "empty.txt", nil)
	write(t, bad, "garbage.md", garbage)
	write(t, bad, "blank.md", []byte("   \n\n\t\n"))
	write(t, bad, "latin1.txt", []byte("Caf\xe9 au lait costs \xa33.\n"))
	write(t, bad, "report.pdf", []byte("%PDF-1.7\n%garbage"))
	write(t, bad, "sub/fine.txt", []byte("A fine note about otters.\n"))
	if err := os.Symlink(filepath.Join(bad, "gone.txt"), filepath.Join(bad, "dangling.txt")); err != nil {
		t.Fatal(err)
	}
	fifo := mkfifo(filepath.Join(bad, "pipe.txt")) == nil // not on Windows
	locked := write(t, bad, "locked.txt", []byte("secret"))
	os.Chmod(locked, 0)
	got := importAll(t, im, bad, filepath.Join(dir, "missing.md"))

	for name, wantInMessage := range map[string]string{
		"empty.txt":    "empty",
		"garbage.md":   "not a text file",
		"blank.md":     "no text",
		"report.pdf":   "the PDF is damaged or not a PDF",
		"dangling.txt": "not found",
		"pipe.txt":     "not a regular file",
		"missing.md":   "not found",
	} {
		t.Run(name, func(t *testing.T) {
			if name == "pipe.txt" && !fifo {
				t.Skip("this system has no named pipes in the file system")
			}
			r, ok := got[name]
			if !ok {
				t.Fatalf("no result for %s; got %v", name, got)
			}
			if r.Outcome != app.OutcomeFailed || !strings.Contains(strings.ToLower(app.ErrorMessage(r.Err)), strings.ToLower(wantInMessage)) {
				t.Fatalf("result = %+v (%v), want failure mentioning %q", r, r.Err, wantInMessage)
			}
		})
	}
	t.Run("UnreadableFile", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("running as root: file permissions cannot make a file unreadable (the dangling link covers the unreadable case)")
		}
		if r := got["locked.txt"]; r.Outcome != app.OutcomeFailed || !strings.Contains(app.ErrorMessage(r.Err), "permission denied") {
			t.Fatalf("result = %+v", r)
		}
	})
	t.Run("InvalidUTF8ImportedAsWindows1252", func(t *testing.T) {
		if r := got["latin1.txt"]; r.Outcome != app.OutcomeImported {
			t.Fatalf("result = %+v (%v)", r, r.Err)
		}
		if len(hits(t, im, "café")) != 1 {
			t.Fatal("decoded text not searchable")
		}
	})
	t.Run("FolderWalked", func(t *testing.T) {
		if r := got["fine.txt"]; r.Outcome != app.OutcomeImported {
			t.Fatalf("result = %+v", r)
		}
	})
	t.Run("NothingLost", func(t *testing.T) {
		docs, err := im.Documents(ctx)
		if err != nil {
			t.Fatal(err)
		}
		titles := map[string]app.Status{}
		for _, d := range docs {
			titles[d.Filename] = d.Status
		}
		if titles["keep.md"] != app.StatusReady || len(hits(t, im, "walruses")) != 1 {
			t.Fatalf("earlier document lost or hidden: %v", titles)
		}
		if err := im.DB.IntegrityCheck(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

// TestLargeTextFile imports a 50 MB text file.
func TestLargeTextFile(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB import skipped in -short mode")
	}
	im := newImporter(t)
	var b bytes.Buffer
	for i := 0; b.Len() < 50<<20; i++ {
		if i%200 == 0 {
			fmt.Fprintf(&b, "CHAPTER %d\n\n", i/200+1)
		}
		fmt.Fprintf(&b, "Paragraph %d records observation %d of the colony. The weather was calm and the count was steady.\nA second line follows here.\n\n", i, i*7)
	}
	fmt.Fprintf(&b, "The final tally was 48213 seabirds.\n")
	path := write(t, t.TempDir(), "big.txt", b.Bytes())
	r := importAll(t, im, path)["big.txt"]
	if r.Outcome != app.OutcomeImported {
		t.Fatalf("result = %+v (%v)", r, r.Err)
	}
	if len(hits(t, im, "seabirds")) != 1 {
		t.Fatal("the end of the large file is not searchable")
	}
}

// TestResumeAfterCrash leaves a job running, as a crash would, reopens the
// library and resumes it.
func TestResumeAfterCrash(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	sum, size, err := db.PutBlob(strings.NewReader(guide))
	if err != nil {
		t.Fatal(err)
	}
	d := &app.Document{ID: "doc-1", Title: "guide", Filename: "guide.md", Format: app.FormatMarkdown, SHA256: sum, SizeBytes: size}
	if _, err := db.EnqueueImport(ctx, d, "job-1", "/gone/guide.md"); err != nil {
		t.Fatal(err)
	}
	if err := db.StartImport(ctx, store.Job{ID: "job-1", DocumentID: "doc-1"}); err != nil {
		t.Fatal(err)
	}
	db.Close() // the crash: the job is running, nothing committed

	db, err = store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	im := &ingest.Importer{DB: db, NewID: uuid.NewString}
	if len(hits(t, im, "walruses")) != 0 {
		t.Fatal("half-imported document visible")
	}
	if err := im.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	doc, err := db.Document(ctx, "doc-1")
	if err != nil || doc.Status != app.StatusReady {
		t.Fatalf("after resume: %+v, %v", doc, err)
	}
	if len(hits(t, im, "walruses")) != 1 {
		t.Fatal("resumed document not searchable")
	}
	if jobs, _ := db.PendingJobs(ctx); len(jobs) != 0 {
		t.Fatalf("jobs still pending: %+v", jobs)
	}
}

func removeBlob(im *ingest.Importer, sum string) error { return os.Remove(im.DB.BlobPath(sum)) }

// TestImportHTMLAndDOCX: the two formats go through their parsers and
// become searchable; a DOCX that is not a zip fails with a clear reason.
func TestImportHTMLAndDOCX(t *testing.T) {
	im := newImporter(t)
	dir := t.TempDir()
	page := `<!doctype html><html><head><title>Tide Tables</title><script>var hidden = "scriptword";</script></head>
<body><nav>Home | About</nav><main><h1>Tide Tables</h1><p>The lunar perigee raises spring tides.</p></main></body></html>`
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range map[string]string{
		"[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"word/document.xml": `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
			`<w:p><w:r><w:t>Quarterly bathymetry notes mention a sandbar.</w:t></w:r></w:p></w:body></w:document>`,
	} {
		f, _ := zw.Create(name)
		f.Write([]byte(body))
	}
	zw.Close()
	got := importAll(t, im,
		write(t, dir, "tides.html", []byte(page)),
		write(t, dir, "notes.docx", buf.Bytes()),
		write(t, dir, "fake.docx", []byte("PK\x03\x04 not really a zip")))
	for _, name := range []string{"tides.html", "notes.docx"} {
		if r := got[name]; r.Outcome != app.OutcomeImported {
			t.Fatalf("%s: %+v (%v)", name, r, r.Err)
		}
	}
	if len(hits(t, im, "perigee")) != 1 || len(hits(t, im, "sandbar")) != 1 {
		t.Fatal("HTML or DOCX text not searchable")
	}
	if len(hits(t, im, "scriptword")) != 0 {
		t.Fatal("script text became searchable")
	}
	if r := got["fake.docx"]; r.Outcome != app.OutcomeFailed || !strings.Contains(app.ErrorMessage(r.Err), "DOCX") {
		t.Fatalf("fake.docx: %+v (%v)", r, r.Err)
	}
}
