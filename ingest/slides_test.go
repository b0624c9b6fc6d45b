package ingest_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestSlideDeckPassages imports a real slide deck (eighteen landscape
// pages of a few lines each) and a real paper: the deck's passages each
// keep to one slide, while the paper's may run on from one page to the
// next, as its sentences do.
func TestSlideDeckPassages(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "eval", "mmlongbench", "documents")
	deck, paper := filepath.Join(dir, "PWC_opportunity_of_lifetime.pdf"), filepath.Join(dir, "2305.13186v3.pdf")
	for _, p := range []string{deck, paper} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("the evaluation documents are not beside the checkout (%s): %v", p, err)
		}
	}
	im := newImporter(t)
	got := importAll(t, im, deck, paper)
	ctx := context.Background()
	crossing := func(name string) (passages, crossing int) {
		t.Helper()
		r := got[name]
		if r.Err != nil || r.DocumentID == "" {
			t.Fatalf("%s: %+v", name, r)
		}
		snap, err := im.DB.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer snap.Close()
		refs, err := snap.PassageRefs(ctx, r.DocumentID)
		if err != nil {
			t.Fatal(err)
		}
		for _, ref := range refs {
			if ref.PageEnd > ref.PageStart {
				crossing++
			}
		}
		return len(refs), crossing
	}
	if n, c := crossing("PWC_opportunity_of_lifetime.pdf"); n < 18 || c != 0 {
		t.Errorf("slide deck: %d passages, %d crossing a page break; want one or more a slide, none crossing", n, c)
	}
	if n, c := crossing("2305.13186v3.pdf"); c == 0 {
		t.Errorf("paper: none of %d passages runs on to the next page; portrait pages must not be cut like slides", n)
	}
}
