package watch_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/ingest/watch"
	"archivist/store"
)

// fixture is a library watching one folder, synced by hand.
type fixture struct {
	t   testing.TB
	db  *store.DB
	im  *ingest.Importer
	e   *watch.Engine
	dir string
	id  string
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	im := &ingest.Importer{DB: db, NewID: uuid.NewString, Workers: 1}
	t.Cleanup(im.Close)
	fx := &fixture{t: t, db: db, im: im, dir: t.TempDir(), id: uuid.NewString()}
	fx.e = &watch.Engine{DB: db, Import: watch.Through(im), NewID: uuid.NewString, Stable: -1}
	if err := db.AddWatchFolder(ctx, store.WatchFolder{ID: fx.id, Path: fx.dir, Name: "Docs", MapFolders: true,
		Device: watch.DeviceOf(fx.dir)}); err != nil {
		t.Fatal(err)
	}
	return fx
}

func (fx *fixture) folder() store.WatchFolder {
	fx.t.Helper()
	f, err := fx.db.WatchFolder(context.Background(), fx.id)
	if err != nil {
		fx.t.Fatal(err)
	}
	return *f
}

func (fx *fixture) sync() *watch.Result {
	fx.t.Helper()
	r, err := fx.e.Sync(context.Background(), fx.folder(), nil)
	if err != nil {
		fx.t.Fatal(err)
	}
	return r
}

func (fx *fixture) write(rel, text string) string {
	fx.t.Helper()
	p := filepath.Join(fx.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		fx.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		fx.t.Fatal(err)
	}
	return p
}

func (fx *fixture) docs() []app.Document {
	fx.t.Helper()
	d, err := fx.db.Documents(context.Background())
	if err != nil {
		fx.t.Fatal(err)
	}
	return d
}

// hits returns the IDs of the documents whose passages hold word.
func (fx *fixture) hits(word string) []string {
	fx.t.Helper()
	ctx := context.Background()
	snap, err := fx.db.Snapshot(ctx)
	if err != nil {
		fx.t.Fatal(err)
	}
	defer snap.Close()
	h, err := snap.Search(ctx, `"`+word+`"`, nil, 100)
	if err != nil {
		fx.t.Fatal(err)
	}
	seen := map[string]bool{}
	var ids []string
	for _, x := range h {
		if !seen[x.DocumentID] {
			seen[x.DocumentID] = true
			ids = append(ids, x.DocumentID)
		}
	}
	return ids
}

// kinds lists a result's changes as "kind rel", sorted.
func kinds(r *watch.Result) []string {
	var out []string
	for _, c := range r.Changes {
		out = append(out, c.Kind+" "+c.Rel)
	}
	sort.Strings(out)
	return out
}

func wantKinds(t testing.TB, r *watch.Result, want ...string) {
	t.Helper()
	sort.Strings(want)
	if got := kinds(r); strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("changes:\n got %q\nwant %q", got, want)
	}
}

// fileOf returns the stored file record of rel.
func (fx *fixture) fileOf(rel string) store.WatchFile {
	fx.t.Helper()
	files, err := fx.db.WatchFiles(context.Background(), fx.id)
	if err != nil {
		fx.t.Fatal(err)
	}
	f, ok := files[rel]
	if !ok {
		fx.t.Fatalf("no record of %s among %v", rel, files)
	}
	return f
}

// folderPath returns the names of the folders a document is filed in,
// outermost first.
func (fx *fixture) folderPath(docID string) string {
	fx.t.Helper()
	ctx := context.Background()
	pl, err := fx.db.Placements(ctx)
	if err != nil {
		fx.t.Fatal(err)
	}
	folders, err := fx.db.Folders(ctx)
	if err != nil {
		fx.t.Fatal(err)
	}
	byID := map[string]app.Folder{}
	for _, f := range folders {
		byID[f.ID] = f
	}
	var names []string
	for id := pl[docID].FolderID; id != ""; id = byID[id].ParentID {
		names = append([]string{byID[id].Name}, names...)
	}
	return strings.Join(names, "/")
}

func TestSyncImportsWhatIsImportable(t *testing.T) {
	fx := newFixture(t)
	fx.write("report.md", "# Report\n\nThe lighthouse keeper logs walrus sightings.\n")
	fx.write("letters/2024/note.txt", "A note about narwhals.\n")
	fx.write("letters/draft.html", "<html><body><h1>Draft</h1><p>Puffins nest here.</p></body></html>")
	// Never imported: partial downloads, an office owner file, swap and
	// hidden files, backups, unknown formats, and what the ignore file names.
	fx.write("big.pdf.part", "%PDF-1.7 half a download")
	fx.write("movie.mp4.crdownload", "bytes")
	fx.write("~$report.docx", "owner")
	fx.write(".report.md.swp", "swap")
	fx.write(".hidden.md", "hidden")
	fx.write(".git/notes.md", "repository internals")
	fx.write("report.md~", "backup")
	fx.write("#report.md#", "autosave")
	fx.write("photo.jpg", "not text")
	fx.write("private/diary.md", "secret otters")
	fx.write("scratch-1.md", "scratch")
	fx.write("scratch-keep.md", "# Keep\n\nKept despite the pattern: manatees.\n")
	fx.write(".archivistignore", "# not these\nprivate/\nscratch-*.md\n!scratch-keep.md\n")
	fx.write("letters/.archivistignore", "/draft.html\n")

	r := fx.sync()
	wantKinds(t, r, "imported report.md", "imported letters/2024/note.txt", "imported scratch-keep.md")
	if len(fx.docs()) != 3 {
		t.Fatalf("%d documents, want 3", len(fx.docs()))
	}
	note := fx.fileOf("letters/2024/note.txt")
	if got := fx.folderPath(note.DocumentID); got != "Watched/Docs/letters/2024" {
		t.Errorf("note filed in %q, want Watched/Docs/letters/2024", got)
	}
	if got := fx.folderPath(fx.fileOf("report.md").DocumentID); got != "Watched/Docs" {
		t.Errorf("report filed in %q", got)
	}
	// Nothing changed: nothing is read, nothing imported.
	wantKinds(t, fx.sync())
	if len(fx.hits("walrus")) != 1 || len(fx.hits("otters")) != 0 {
		t.Errorf("walrus %v, otters %v", fx.hits("walrus"), fx.hits("otters"))
	}
}

// The importer's Imported hook (the review after an import) runs once a
// sync has filed its new documents in their folders, with all of them at
// once: a review that saw a watched document in no folder proposed moving
// it to the folder the sync was about to file it in.
func TestImportedHookSeesDocumentsFiled(t *testing.T) {
	fx := newFixture(t)
	fx.e.Imported = fx.im.NotifyImported
	var calls [][]string
	var where []string
	fx.im.Imported = func(ctx context.Context, ids []string) {
		calls = append(calls, ids)
		for _, id := range ids {
			where = append(where, fx.folderPath(id))
		}
	}
	fx.write("report.md", "# Report\n\nThe lighthouse keeper logs walrus sightings.\n")
	fx.write("letters/note.txt", "A note about narwhals.\n")
	wantKinds(t, fx.sync(), "imported letters/note.txt", "imported report.md")
	if len(calls) != 1 || len(calls[0]) != 2 {
		t.Fatalf("Imported called with %v, want both documents in one call", calls)
	}
	slices.Sort(where)
	if !slices.Equal(where, []string{"Watched/Docs", "Watched/Docs/letters"}) {
		t.Errorf("Imported saw the documents in %q, want their watched folders", where)
	}
	fx.write("report.md", "# Report\n\nThe lighthouse keeper logs walrus and seal sightings.\n")
	wantKinds(t, fx.sync(), "new version report.md")
	if len(calls) != 2 || len(calls[1]) != 1 {
		t.Errorf("a new version was not handed to Imported: %v", calls)
	}
}

func TestSyncWithoutFolderMapping(t *testing.T) {
	fx := newFixture(t)
	if err := fx.db.SetWatchOptions(context.Background(), fx.id, false, false); err != nil {
		t.Fatal(err)
	}
	fx.write("a/b/c.md", "# C\n\nCormorants.\n")
	wantKinds(t, fx.sync(), "imported a/b/c.md")
	if got := fx.folderPath(fx.fileOf("a/b/c.md").DocumentID); got != "" {
		t.Errorf("filed in %q with mapping off", got)
	}
}

func TestChangedFileBecomesNewVersion(t *testing.T) {
	ctx := context.Background()
	fx := newFixture(t)
	p := fx.write("plan.md", "# Plan\n\nThe budget is eleven thousand crowns.\n")
	fx.sync()
	v1 := fx.fileOf("plan.md").DocumentID
	d1, _ := fx.db.Document(ctx, v1)
	if err := fx.db.SetSensitivity(ctx, v1, "confidential"); err != nil {
		t.Fatal(err)
	}
	snap, _ := fx.db.Snapshot(ctx)
	oldBlocks, err := snap.Blocks(ctx, v1)
	snap.Close()
	if err != nil || len(oldBlocks) == 0 {
		t.Fatal(err, len(oldBlocks))
	}

	writeLater(t, p, "# Plan\n\nThe budget is fourteen thousand crowns.\n")
	r := fx.sync()
	wantKinds(t, r, "new version plan.md")
	v2 := fx.fileOf("plan.md").DocumentID
	if v2 == v1 || r.Changes[0].Previous != v1 || r.Changes[0].DocumentID != v2 {
		t.Fatalf("versions %s → %s, change %+v", v1, v2, r.Changes[0])
	}
	// Questions see the new text only; the list shows one document.
	if got := fx.hits("fourteen"); len(got) != 1 || got[0] != v2 {
		t.Errorf("fourteen in %v, want [%s]", got, v2)
	}
	if got := fx.hits("eleven"); len(got) != 0 {
		t.Errorf("the old version is still searched: %v", got)
	}
	if docs := fx.docs(); len(docs) != 1 || docs[0].ID != v2 || docs[0].Sensitivity != app.SensitivityConfidential {
		t.Fatalf("documents %+v", docs)
	}
	// The old version is kept whole: a citation of it still opens its
	// blocks and its original.
	old, err := fx.db.Document(ctx, v1)
	if err != nil || old.SHA256 != d1.SHA256 {
		t.Fatalf("old version %+v, %v", old, err)
	}
	if _, err := fx.db.ReadBlob(old.SHA256); err != nil {
		t.Fatal(err)
	}
	ct, err := fx.im.CitedText(ctx, app.Citation{DocumentID: v1, Blocks: []string{oldBlocks[len(oldBlocks)-1].ID},
		Quote: "eleven thousand crowns"})
	if err != nil || ct.QuoteEnd == 0 {
		t.Fatalf("old citation: %+v, %v", ct, err)
	}
	vs, err := fx.db.Versions(ctx, v2)
	if err != nil || len(vs) != 2 || vs[0].ID != v1 || vs[1].ID != v2 {
		t.Fatalf("versions %+v, %v", vs, err)
	}
	// The old version is not in the trash, and emptying it keeps it.
	if tr, _ := fx.db.Trashed(ctx); len(tr) != 0 {
		t.Errorf("trash holds %+v", tr)
	}
	if n, err := fx.db.EmptyTrash(ctx); err != nil || n != 0 {
		t.Fatal(n, err)
	}
	if _, err := fx.db.ReadBlob(old.SHA256); err != nil {
		t.Fatal("emptying the trash removed an older version:", err)
	}
	// Dropping the old bytes by hand is a duplicate of the document.
	res, _ := fx.im.Import(ctx, []string{writeTemp(t, "plan.md", "# Plan\n\nThe budget is eleven thousand crowns.\n")}, nil)
	if res[0].Outcome != app.OutcomeDuplicate || res[0].DocumentID != v2 {
		t.Errorf("old bytes dropped: %+v", res[0])
	}

	// Back to the first bytes: the first version is current again.
	writeLater(t, p, "# Plan\n\nThe budget is eleven thousand crowns.\n")
	wantKinds(t, fx.sync(), "new version plan.md")
	if got := fx.fileOf("plan.md").DocumentID; got != v1 {
		t.Fatalf("after going back the file holds %s, want %s", got, v1)
	}
	if got := fx.hits("eleven"); len(got) != 1 || got[0] != v1 {
		t.Errorf("eleven in %v", got)
	}
	if got := fx.hits("fourteen"); len(got) != 0 {
		t.Errorf("fourteen in %v", got)
	}
	// Trashing the document and emptying the trash takes every version.
	if err := fx.db.Trash(ctx, []string{v1}); err != nil {
		t.Fatal(err)
	}
	if n, err := fx.db.EmptyTrash(ctx); err != nil || n != 1 {
		t.Fatal(n, err)
	}
	if _, err := fx.db.Document(ctx, v2); err == nil {
		t.Error("an older version outlived its document")
	}
}

func TestMovedFileStaysOneDocument(t *testing.T) {
	fx := newFixture(t)
	p := fx.write("inbox/scan.md", "# Scan\n\nHerons at dawn.\n")
	fx.sync()
	id := fx.fileOf("inbox/scan.md").DocumentID
	dst := filepath.Join(fx.dir, "archive", "2024", "heron.md")
	os.MkdirAll(filepath.Dir(dst), 0o755)
	if err := os.Rename(p, dst); err != nil {
		t.Fatal(err)
	}
	r := fx.sync()
	wantKinds(t, r, "moved archive/2024/heron.md")
	if r.Changes[0].From != "inbox/scan.md" || r.Changes[0].DocumentID != id {
		t.Fatalf("%+v", r.Changes[0])
	}
	if docs := fx.docs(); len(docs) != 1 || docs[0].ID != id || docs[0].OriginalRemoved {
		t.Fatalf("%+v", docs)
	}
	if got := fx.folderPath(id); got != "Watched/Docs/archive/2024" {
		t.Errorf("filed in %q", got)
	}
	// A rename in place keeps the folder.
	os.Rename(dst, filepath.Join(filepath.Dir(dst), "herons.md"))
	wantKinds(t, fx.sync(), "moved archive/2024/herons.md")
	if got := fx.folderPath(id); got != "Watched/Docs/archive/2024" {
		t.Errorf("filed in %q", got)
	}
}

func TestDeletedFileKeepsItsDocument(t *testing.T) {
	ctx := context.Background()
	fx := newFixture(t)
	p := fx.write("gone.md", "# Gone\n\nAlbatross records.\n")
	fx.write("stays.md", "# Stays\n\nGannets.\n")
	fx.sync()
	id := fx.fileOf("gone.md").DocumentID
	bytes, _ := os.ReadFile(p)
	os.Remove(p)
	wantKinds(t, fx.sync(), "removed gone.md")
	d, err := fx.db.Document(ctx, id)
	if err != nil || !d.OriginalRemoved || d.Status != app.StatusReady {
		t.Fatalf("%+v %v", d, err)
	}
	if got := fx.hits("albatross"); len(got) != 1 {
		t.Errorf("a removed original's document is still asked: %v", got)
	}
	// Back again: no longer marked.
	os.WriteFile(p, bytes, 0o644)
	wantKinds(t, fx.sync(), "duplicate gone.md")
	if d, _ := fx.db.Document(ctx, id); d.OriginalRemoved {
		t.Error("still marked removed")
	}
	// With the option, a deleted file moves its document to the trash,
	// and coming back takes it out.
	fx.db.SetWatchOptions(ctx, fx.id, true, true)
	os.Remove(p)
	wantKinds(t, fx.sync(), "removed gone.md")
	if tr, _ := fx.db.Trashed(ctx); len(tr) != 1 || tr[0].ID != id || !tr[0].OriginalRemoved {
		t.Fatalf("trash %+v", tr)
	}
	os.WriteFile(p, bytes, 0o644)
	fx.sync()
	if tr, _ := fx.db.Trashed(ctx); len(tr) != 0 {
		t.Fatalf("trash %+v", tr)
	}
	// A document the person trashed stays trashed though its file is there.
	fx.db.Trash(ctx, []string{id})
	writeLater(t, p, string(bytes))
	fx.sync()
	if tr, _ := fx.db.Trashed(ctx); len(tr) != 1 {
		t.Fatalf("a trashed document came back: %+v", tr)
	}
}

func TestOfflineFolderIsNotEmptied(t *testing.T) {
	ctx := context.Background()
	fx := newFixture(t)
	fx.write("a.md", "# A\n\nAuks.\n")
	fx.write("b/c.md", "# C\n\nCurlews.\n")
	fx.sync()
	away := fx.dir + ".away"
	if err := os.Rename(fx.dir, away); err != nil {
		t.Fatal(err)
	}
	r := fx.sync()
	if !r.Offline || len(r.Changes) != 0 {
		t.Fatalf("%+v", r)
	}
	for _, d := range fx.docs() {
		if d.OriginalRemoved {
			t.Errorf("%s marked removed while its folder was offline", d.Title)
		}
	}
	// Another file system mounted in its place is offline too.
	os.Mkdir(fx.dir, 0o755)
	f := fx.folder()
	f.Device++
	if r, _ := fx.e.Sync(ctx, f, nil); !r.Offline || !strings.Contains(r.Reason, "another drive") {
		t.Fatalf("%+v", r)
	}
	os.Remove(fx.dir)
	os.Rename(away, fx.dir)
	wantKinds(t, fx.sync())
}

// writeLater rewrites a file with a modification time surely different
// from the one it had.
func writeLater(t testing.TB, p, text string) {
	t.Helper()
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	next := info.ModTime().Add(2e9)
	if err := os.Chtimes(p, next, next); err != nil {
		t.Fatal(err)
	}
}

func writeTemp(t testing.TB, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
