package desktop

import (
	"context"
	"image/png"
	"os"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/google/uuid"

	"archivist/ingest"
	"archivist/ingest/suggest"
	"archivist/retrieve"
	"archivist/retrieve/jev"
	"archivist/store"
)

// TestSearchScreenShot paints the Search screen over a real library with
// the toolkit's software painter and writes it as a PNG, for looking at
// without a display: ARCHIVIST_SEARCH_SHOT=out.png,
// ARCHIVIST_SEARCH_SHOT_LIBRARY=DIR, ARCHIVIST_SEARCH_SHOT_QUERY=QUERY; with
// ARCHIVIST_SEARCH_SHOT_OPEN set, the first result is opened as by a tap.
func TestSearchScreenShot(t *testing.T) {
	out, lib := os.Getenv("ARCHIVIST_SEARCH_SHOT"), os.Getenv("ARCHIVIST_SEARCH_SHOT_LIBRARY")
	if out == "" || lib == "" {
		t.Skip("set ARCHIVIST_SEARCH_SHOT and ARCHIVIST_SEARCH_SHOT_LIBRARY to paint the Search screen")
	}
	ctx := context.Background()
	db, err := store.Open(ctx, lib)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	im, err := ingest.New(ctx, db, ingest.Config{NewID: uuid.NewString, Roles: jev.Chooser{Provider: jev.Local{}}})
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	a := test.NewApp()
	defer a.Quit()
	w := a.NewWindow("Archivist")
	var q uiLoop
	u := NewWith(a, w, Services{Library: im, Research: retrieve.Offline(db, uuid.NewString),
		Search: db, Suggester: suggest.Local{Lib: db}}, q.do)
	defer u.Close()
	w.Resize(fyne.NewSize(1440, 899))
	u.ShowSearch(os.Getenv("ARCHIVIST_SEARCH_SHOT_QUERY"))
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); {
		q.drain()
		time.Sleep(50 * time.Millisecond)
	}
	if os.Getenv("ARCHIVIST_SEARCH_SHOT_OPEN") != "" {
		u.OpenSearchResult(0)
		for end := time.Now().Add(40 * time.Second); time.Now().Before(end); {
			q.drain()
			time.Sleep(50 * time.Millisecond)
		}
		// The software painter lays out only on a resize: views shown
		// since would be painted where they were hidden.
		w.Resize(fyne.NewSize(1440, 900))
		q.drain()
	}
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, w.Canvas().Capture()); err != nil {
		t.Fatal(err)
	}
}
