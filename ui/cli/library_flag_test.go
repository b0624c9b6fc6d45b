package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/store"
)

// TestCommandsWithoutALibrary holds the default library the way an open
// window does and runs eval and bench without --library: neither may open
// it (the lock would refuse them) or leave anything in it, while a command
// that does open the library is refused, which shows the lock is real.
func TestCommandsWithoutALibrary(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	def := store.DefaultDir()
	held, err := store.Open(context.Background(), def)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	bare := func(args ...string) (string, string, int) {
		var out, errOut bytes.Buffer
		code := run(context.Background(), args, &out, &errOut)
		return out.String(), errOut.String(), code
	}
	if _, errOut, code := bare("list", "--json"); code != 1 || !strings.Contains(errOut, "already open") {
		t.Fatalf("list on the held library: exit %d, %s", code, errOut)
	}
	questions, docs := evalSet(t)
	if out, errOut, code := bare("eval", "--questions", questions, "--docs", docs); code != 0 || !strings.Contains(out, "hit@6") {
		t.Fatalf("eval beside the held library: exit %d\n%s%s", code, out, errOut)
	}
	benchDir := t.TempDir()
	if out, errOut, code := bare("bench", "--passages", "300", "--docs", "0", "--pdf-pages", "0", "--questions", "2", "--dir", benchDir); code != 0 {
		t.Fatalf("bench beside the held library: exit %d\n%s%s", code, out, errOut)
	}
	if docs, err := held.Documents(context.Background()); err != nil || len(docs) != 0 {
		t.Fatalf("the default library gained %d documents (%v)", len(docs), err)
	}
	entries, _ := os.ReadDir(filepath.Join(def, "blobs"))
	if len(entries) != 0 {
		t.Fatalf("the default library gained %d blob folders", len(entries))
	}
}

// TestEvalLibraryFlag checks --library is taken as given, even when it
// names the default folder: the set is imported there and kept.
func TestEvalLibraryFlag(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	questions, docs := evalSet(t)
	if out, errOut, code := cli(t, store.DefaultDir(), "eval", "--questions", questions, "--docs", docs); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	db, err := store.Open(context.Background(), store.DefaultDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if d, err := db.Documents(context.Background()); err != nil || len(d) != 2 {
		t.Fatalf("--library naming the default folder kept %d documents (%v)", len(d), err)
	}
}
