package ingest_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"archivist/app"
	"archivist/ingest"
)

// TestSlideDeckPassages imports a real slide deck (eighteen landscape
// pages of a few lines each) and a real paper: each of the deck's slides is
// one passage, whatever headings the slide's type sizes make of it, while
// the paper's passages may run on from one page to the next, as its
// sentences do.
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
	crossing := func(name string) (passages, crossing, pages int) {
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
		seen := map[int]bool{}
		for _, ref := range refs {
			if ref.PageEnd > ref.PageStart {
				crossing++
			}
			seen[ref.PageStart] = true
		}
		return len(refs), crossing, len(seen)
	}
	// The print read inside a slide's pictures is a passage of its own.
	figures := 0
	for _, b := range blocksOf(t, im, got["PWC_opportunity_of_lifetime.pdf"].DocumentID) {
		if b.Kind == app.BlockFigure {
			figures++
		}
	}
	if n, c, pages := crossing("PWC_opportunity_of_lifetime.pdf"); n != 18+figures || c != 0 || pages != 18 {
		t.Errorf("slide deck: %d passages (%d of pictures' print) on %d slides, %d crossing a page break; want one a slide and one a picture, none crossing", n, figures, pages, c)
	}
	if n, c, _ := crossing("2305.13186v3.pdf"); c == 0 {
		t.Errorf("paper: none of %d passages runs on to the next page; portrait pages must not be cut like slides", n)
	}
}

// TestSlideRuleRebuildsOnlyDecks: documents whose passages version 2 or 3
// of the builder made are brought to the current version by rebuilding
// only the slide decks; a paper's pages are not wider than tall, so its passages stay and
// only its version is recorded.
func TestSlideRuleRebuildsOnlyDecks(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "eval", "mmlongbench", "documents")
	deck, paper := filepath.Join(dir, "PWC_opportunity_of_lifetime.pdf"), filepath.Join(dir, "2305.13186v3.pdf")
	for _, p := range []string{deck, paper} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("the evaluation documents are not beside the checkout (%s): %v", p, err)
		}
	}
	for _, version := range []int{2, 3} {
		t.Run(fmt.Sprintf("from version %d", version), func(t *testing.T) { rebuildsOnlyDecks(t, deck, paper, version) })
	}
}

func rebuildsOnlyDecks(t *testing.T, deck, paper string, version int) {
	ctx := context.Background()
	im := newImporter(t)
	// Import as an older builder did: passages across slides (the old
	// cuts differ from each other only in decks, which are rebuilt).
	im.Passages = func(docID, title string, p *app.Parsed) []app.Passage {
		flat := *p
		flat.PageInfo = nil // no pages' shape: cut as before slide decks were told apart
		return ingest.BuildPassages(docID, title, &flat)
	}
	im.PassagesVersion = version
	got := importAll(t, im, deck, paper)
	im.Passages, im.PassagesVersion = nil, 0
	deckID, paperID := got["PWC_opportunity_of_lifetime.pdf"].DocumentID, got["2305.13186v3.pdf"].DocumentID
	before := passageIDs(t, im, paperID)
	n, err := im.Reindex(ctx, false)
	if err != nil || n != 1 {
		t.Fatalf("Reindex rebuilt %d documents (%v); want only the deck", n, err)
	}
	for _, id := range []string{deckID, paperID} {
		if v, err := im.DB.IndexVersion(ctx, id); err != nil || v != ingest.IndexVersion {
			t.Fatalf("document %s at version %d (%v), want %d", id, v, err, ingest.IndexVersion)
		}
	}
	if after := passageIDs(t, im, paperID); !reflect.DeepEqual(before, after) {
		t.Fatal("the paper's passages were rebuilt")
	}
	if n, _ := im.Reindex(ctx, false); n != 0 {
		t.Fatalf("a second Reindex rebuilt %d documents", n)
	}
}

func passageIDs(t *testing.T, im *ingest.Importer, docID string) []string {
	t.Helper()
	ctx := context.Background()
	snap, err := im.DB.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	refs, err := snap.PassageRefs(ctx, docID)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range refs {
		out = append(out, fmt.Sprintf("%s %d-%d %d", r.ID, r.PageStart, r.PageEnd, r.Chars))
	}
	return out
}
