package ingest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/internal/bounds"
)

// headingsMarkdown is a Markdown file of n one-word headings: the shape of
// a file that once took minutes and gigabytes to import.
func headingsMarkdown(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "# h%d\n", i)
	}
	return []byte(b.String())
}

// A file past the limits of one document fails alone: its document is
// listed as failed with the reason, and the note imported with it is
// imported and found.
func TestHostileFileLosesNothing(t *testing.T) {
	ctx := context.Background()
	im := newImporter(t)
	dir := t.TempDir()
	bad := write(t, dir, "headings.md", headingsMarkdown(bounds.MaxSections+1))
	good := write(t, dir, "note.md", []byte("# Note\n\nThe walrus sleeps on ice.\n"))
	r := importAll(t, im, bad, good)
	if r["note.md"].Outcome != app.OutcomeImported {
		t.Fatalf("note: %+v", r["note.md"])
	}
	want := "too many headings: this file has more than 50,000; Archivist imports at most 50,000"
	if r["headings.md"].Outcome != app.OutcomeFailed || app.ErrorMessage(r["headings.md"].Err) != want {
		t.Fatalf("headings.md: %+v", r["headings.md"])
	}
	docs, err := im.Documents(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var failed *app.Document
	for i := range docs {
		if docs[i].Filename == "headings.md" {
			failed = &docs[i]
		}
	}
	if failed == nil || failed.Status != app.StatusFailed || failed.Error != want {
		t.Fatalf("listed as %+v; want failed with %q", failed, want)
	}
	if len(hits(t, im, "walrus")) != 1 {
		t.Fatal("the note is not searchable")
	}
}
