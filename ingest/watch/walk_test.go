package watch

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/uuid"

	"archivist/ingest"
	"archivist/store"
)

func TestIgnorePatterns(t *testing.T) {
	set := &ignoreSet{}
	for _, l := range []string{"# comment", "", "*.log", "/top.md", "build/", "docs/**/draft-*.md", "!keep.log",
		`\#literal.md`, "a?c.md", "[0-9]*.txt", "**/tmp"} {
		if r, ok := parseIgnoreLine(l); ok {
			set.rules = append(set.rules, r)
		}
	}
	st := ignores{set}
	for _, c := range []struct {
		rel  string
		dir  bool
		want bool
	}{
		{"x.log", false, true}, {"deep/x.log", false, true}, {"keep.log", false, false},
		{"top.md", false, true}, {"sub/top.md", false, false},
		{"build", true, true}, {"sub/build", true, true}, {"build", false, false},
		{"docs/draft-1.md", false, true}, {"docs/a/b/draft-2.md", false, true}, {"docs/final.md", false, false},
		{"#literal.md", false, true}, {"abc.md", false, true}, {"abbc.md", false, false},
		{"2024.txt", false, true}, {"notes.txt", false, false}, {"x/tmp", true, true},
	} {
		if got := st.match(c.rel, c.dir); got != c.want {
			t.Errorf("%s (dir %v): ignored %v, want %v", c.rel, c.dir, got, c.want)
		}
	}
	// A nested ignore file speaks of paths below its own folder.
	nested := ignores{&ignoreSet{base: "sub", rules: set.rules[1:2]}}
	if !nested.match("sub/top.md", false) || nested.match("top.md", false) {
		t.Error("a nested ignore file is not anchored to its folder")
	}
}

func TestSkipped(t *testing.T) {
	for name, want := range map[string]bool{
		"report.pdf": false, "notes.MD": false, "page.html": false, "letter.docx": false,
		"report.pdf.part": true, "film.crdownload": true, "~$letter.docx": true, ".letter.docx.swp": true,
		"notes.txt~": true, "#notes.txt#": true, ".hidden.md": true, "photo.jpg": true, "Makefile": true,
	} {
		if got := Skipped(name); got != want {
			t.Errorf("Skipped(%q) = %v", name, got)
		}
	}
}

// TestFolderRenamedMidScan renames a folder after its parent was listed
// and before it was read: its files are not taken as deleted, and the
// next sync finds them moved, each still one document.
func TestFolderRenamedMidScan(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	im := &ingest.Importer{DB: db, NewID: uuid.NewString, Workers: 1}
	defer im.Close()
	e := &Engine{DB: db, Import: Through(im), NewID: uuid.NewString, Stable: -1}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "inbox"), 0o755)
	os.WriteFile(filepath.Join(dir, "inbox", "a.md"), []byte("# A\n\nOspreys.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "inbox", "b.md"), []byte("# B\n\nKestrels.\n"), 0o644)
	f := store.WatchFolder{ID: uuid.NewString(), Path: dir, Name: "Mid", MapFolders: true}
	if err := db.AddWatchFolder(ctx, f); err != nil {
		t.Fatal(err)
	}
	if r, err := e.Sync(ctx, f, nil); err != nil || r.Count(Imported) != 2 {
		t.Fatal(r, err)
	}
	afterList = func(rel string) {
		if rel == "" {
			os.Rename(filepath.Join(dir, "inbox"), filepath.Join(dir, "filed"))
		}
	}
	r, err := e.Sync(ctx, f, nil)
	afterList = nil
	if err != nil {
		t.Fatal(err)
	}
	if !r.Unsettled || len(r.Changes) != 0 {
		t.Fatalf("mid-scan rename: %+v", r)
	}
	r, err = e.Sync(ctx, f, nil)
	if err != nil || r.Count(Moved) != 2 || len(r.Changes) != 2 {
		t.Fatalf("after: %+v %v", r, err)
	}
	docs, _ := db.Documents(ctx)
	if len(docs) != 2 || docs[0].OriginalRemoved || docs[1].OriginalRemoved {
		t.Fatalf("%+v", docs)
	}
}
