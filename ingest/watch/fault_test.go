package watch_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"archivist/app"
	"archivist/ingest/watch"
)

func TestUnstableFileWaits(t *testing.T) {
	fx := newFixture(t)
	fx.e.Stable = 150 * time.Millisecond
	p := fx.write("growing.md", "# Growing\n\nPetrels")
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString(" and more petrels")
			f.Close()
		}
	}()
	r := fx.sync()
	close(stop)
	<-done
	wantKinds(t, r, "changing growing.md")
	if len(fx.docs()) != 0 {
		t.Fatal("a file still being written was imported")
	}
	wantKinds(t, fx.sync(), "imported growing.md")
	wantKinds(t, fx.sync())
}

func TestFileChangingWhileImported(t *testing.T) {
	fx := newFixture(t)
	p := fx.write("live.md", "# Live\n\nFirst draft about skuas.\n")
	through := fx.e.Import
	changes := 0
	fx.e.Import = func(ctx context.Context, path string) app.ImportResult {
		r := through(ctx, path)
		if changes == 0 {
			// Written to while the importer copied it.
			changes++
			writeLater(t, p, "# Live\n\nSecond draft about skuas and terns.\n")
		}
		return r
	}
	wantKinds(t, fx.sync(), "changing live.md")
	if docs := fx.docs(); len(docs) != 0 {
		t.Fatalf("a copy taken while the file changed was kept: %+v", docs)
	}
	wantKinds(t, fx.sync(), "imported live.md")
	if docs := fx.docs(); len(docs) != 1 || len(fx.hits("terns")) != 1 || len(fx.hits("first")) != 0 {
		t.Fatalf("%+v; terns %v", docs, fx.hits("terns"))
	}
}

func TestSymlinkLoops(t *testing.T) {
	fx := newFixture(t)
	fx.write("a/one.md", "# One\n\nLoons.\n")
	fx.write("a/b/two.md", "# Two\n\nGrebes.\n")
	for link, target := range map[string]string{
		"a/b/up":   "..",           // a loop through the parent
		"a/self":   ".",            // a loop onto itself
		"a/b/root": fx.dir,         // back to the top
		"again":    "a",            // a second way into a folder
		"dangling": "nowhere/x.md", // broken
	} {
		if err := os.Symlink(target, filepath.Join(fx.dir, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	outside := writeTemp(t, "kept-elsewhere.md", "# Elsewhere\n\nShearwaters.\n")
	os.Symlink(outside, filepath.Join(fx.dir, "linked.md"))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := fx.e.Sync(ctx, fx.folder(), nil)
	if err != nil {
		t.Fatal(err)
	}
	wantKinds(t, r, "imported a/one.md", "imported a/b/two.md", "imported linked.md")
	if len(fx.docs()) != 3 {
		t.Fatalf("%d documents", len(fx.docs()))
	}
	wantKinds(t, fx.sync())
}

func TestUnreadableFileIsListed(t *testing.T) {
	fx := newFixture(t)
	fx.write("bad.pdf", "%PDF-1.7\nnot a pdf object, not a pdf object")
	r := fx.sync()
	wantKinds(t, r, "failed bad.pdf")
	if errs, _ := fx.db.WatchErrors(context.Background()); len(errs) != 1 || !strings.Contains(errs[0].Message, "PDF") {
		t.Fatalf("%+v", errs)
	}
	// Not tried again until it changes; touched, it is tried again.
	wantKinds(t, fx.sync())
	info, _ := os.Stat(filepath.Join(fx.dir, "bad.pdf"))
	later := info.ModTime().Add(3e9)
	os.Chtimes(filepath.Join(fx.dir, "bad.pdf"), later, later)
	wantKinds(t, fx.sync(), "failed bad.pdf")
	writeLater(t, filepath.Join(fx.dir, "bad.pdf"), "%PDF-1.7\nstill not a pdf object")
	wantKinds(t, fx.sync(), "failed bad.pdf")
	if docs := fx.docs(); len(docs) != 0 {
		for _, d := range docs {
			if d.Status != app.StatusFailed {
				t.Fatalf("%+v", docs)
			}
		}
	}
}

func TestCopyElsewhereIsNotAVersion(t *testing.T) {
	fx := newFixture(t)
	text := "# Twin\n\nGuillemots.\n"
	p := fx.write("one/twin.md", text)
	fx.write("two/twin.md", text)
	wantKinds(t, fx.sync(), "imported one/twin.md", "duplicate two/twin.md")
	writeLater(t, p, "# Twin\n\nRazorbills now.\n")
	wantKinds(t, fx.sync(), "imported one/twin.md")
	if len(fx.docs()) != 2 || len(fx.hits("guillemots")) != 1 || len(fx.hits("razorbills")) != 1 {
		t.Fatalf("the copy's text went with the changed file: %+v", fx.docs())
	}
	_ = watch.Imported
}

// TestInterruptedSyncIsFinished stands for a sync killed after a changed
// file's new bytes were imported but before they were linked: the next
// sync links them as the new version, without importing them again — and
// when the file changed once more meanwhile, the interrupted import
// becomes an intermediate version, not a stray document.
func TestInterruptedSyncIsFinished(t *testing.T) {
	ctx := context.Background()
	fx := newFixture(t)
	p := fx.write("log.md", "# Log\n\nFirst entry: dunlins.\n")
	fx.sync()
	v1 := fx.fileOf("log.md")
	crash := func(text string) string {
		writeLater(t, p, text)
		sum := sha256.Sum256([]byte(text))
		pending := v1
		pending.PendingSHA = hex.EncodeToString(sum[:])
		if err := fx.db.PutWatchFile(ctx, pending); err != nil {
			t.Fatal(err)
		}
		res, err := fx.im.Import(ctx, []string{p}, nil)
		if err != nil || res[0].Outcome != app.OutcomeImported {
			t.Fatal(res, err)
		}
		return res[0].DocumentID
	}
	v2 := crash("# Log\n\nSecond entry: knots.\n")
	r := fx.sync()
	wantKinds(t, r, "new version log.md")
	if r.Changes[0].DocumentID != v2 || r.Changes[0].Previous != v1.DocumentID || len(fx.docs()) != 1 {
		t.Fatalf("%+v, %d documents", r.Changes, len(fx.docs()))
	}

	v1 = fx.fileOf("log.md")
	v3 := crash("# Log\n\nThird entry: sanderlings.\n")
	writeLater(t, p, "# Log\n\nFourth entry: turnstones.\n")
	wantKinds(t, fx.sync(), "new version log.md")
	docs := fx.docs()
	if len(docs) != 1 || len(fx.hits("turnstones")) != 1 {
		t.Fatalf("%+v", docs)
	}
	vs, _ := fx.db.Versions(ctx, docs[0].ID)
	if len(vs) != 4 || vs[2].ID != v3 {
		t.Fatalf("versions %+v", vs)
	}
}
