package store

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"archivist/app"
)

// importText commits a one-block, one-passage text document.
func importText(t *testing.T, db *DB, id, body string) {
	t.Helper()
	ctx := context.Background()
	d := &app.Document{ID: id, Title: "Title " + id, Filename: id + ".txt", Format: app.FormatText, SHA256: "sha-" + id}
	if _, err := db.EnqueueImport(ctx, d, "job-"+id, ""); err != nil {
		t.Fatal(err)
	}
	p := &app.Parsed{Format: app.FormatText, Sections: []app.Section{{ID: id + "-s0", Parent: -1}},
		Blocks: []app.Block{{ID: id + "-b0", Kind: app.BlockParagraph, Text: body}}}
	c := &Content{Title: d.Title, Parsed: p, Passages: []app.Passage{{ID: id + "-p0", DocumentID: id, SectionID: id + "-s0",
		Title: d.Title, Text: body, Spans: []app.Span{{BlockID: id + "-b0", End: len(body)}}, IndexVersion: 1}}}
	if err := db.CommitImport(ctx, Job{ID: "job-" + id, DocumentID: id}, c); err != nil {
		t.Fatal(err)
	}
}

func TestSensitivity(t *testing.T) {
	ctx := context.Background()
	db := mustOpen(t)
	importText(t, db, "d1", "The walrus sleeps on the ice.")
	level := func() app.Sensitivity {
		d, err := db.Document(ctx, "d1")
		if err != nil {
			t.Fatal(err)
		}
		return d.Sensitivity
	}
	t.Run("UnsetIsInternal", func(t *testing.T) {
		if got := level(); got != app.SensitivityInternal {
			t.Fatalf("unset sensitivity = %q", got)
		}
	})
	t.Run("SetRoundTrips", func(t *testing.T) {
		for _, s := range []string{"Confidential", "public", " restricted "} {
			if err := db.SetSensitivity(ctx, "d1", s); err != nil {
				t.Fatal(err)
			}
			want, _ := app.ParseSensitivity(s)
			if got := level(); got != want {
				t.Fatalf("after setting %q: %q", s, got)
			}
		}
	})
	t.Run("RejectsUnknownLevelAndDocument", func(t *testing.T) {
		if err := db.SetSensitivity(ctx, "d1", "secret"); app.ErrorCode(err) != app.EInvalid {
			t.Fatalf("unknown level: %v", err)
		}
		if err := db.SetSensitivity(ctx, "nope", "public"); app.ErrorCode(err) != app.ENotFound {
			t.Fatalf("unknown document: %v", err)
		}
	})
	t.Run("UnknownStoredValueFailsClosed", func(t *testing.T) {
		if _, err := db.write.ExecContext(ctx, `UPDATE documents SET sensitivity = 'top-secret' WHERE id = 'd1'`); err != nil {
			t.Fatal(err)
		}
		if got := level(); got != app.SensitivityRestricted || !got.NeedsConsent() {
			t.Fatalf("unknown stored value read as %q", got)
		}
		snap, err := db.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer snap.Close()
		docs, err := snap.ReadyDocuments(ctx, nil)
		if err != nil || len(docs) != 1 || docs[0].Sensitivity != app.SensitivityRestricted {
			t.Fatalf("snapshot documents = %+v, %v", docs, err)
		}
	})
}

// TestTrashedNeverEvidence: a trashed document is invisible to every read a
// question makes, whatever the scope names.
func TestTrashedNeverEvidence(t *testing.T) {
	ctx := context.Background()
	db := mustOpen(t)
	importText(t, db, "kept", "Penguins gather in colonies.")
	importText(t, db, "gone", "Penguins were counted in the trashed report.")
	if _, err := db.write.ExecContext(ctx, `UPDATE documents SET trashed_at = ? WHERE id = 'gone'`, db.now()); err != nil {
		t.Fatal(err)
	}
	snap, err := db.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	for name, scope := range map[string][]string{"All": nil, "NamingTheTrashed": {"gone", "kept"}} {
		t.Run(name, func(t *testing.T) {
			docs, err := snap.ReadyDocuments(ctx, scope)
			if err != nil || len(docs) != 1 || docs[0].ID != "kept" {
				t.Fatalf("ready documents = %+v, %v", docs, err)
			}
			for _, search := range []func(context.Context, string, []string, int) ([]Hit, error){snap.Search, snap.SearchTop} {
				hits, err := search(ctx, `"penguins"`, scope, 10)
				if err != nil {
					t.Fatal(err)
				}
				if len(hits) != 1 || hits[0].DocumentID != "kept" {
					t.Fatalf("hits = %+v", hits)
				}
			}
			if n, err := snap.PassageCount(ctx, scope); err != nil || n != 1 {
				t.Fatalf("passage count = %d, %v", n, err)
			}
		})
	}
}

func TestEgressAcknowledgement(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	const a, b = "https://models.example.com/v1", "https://other.example.com/v1"
	if ok, err := db.EgressAcknowledged(ctx, a); err != nil || ok {
		t.Fatalf("acknowledged before asking: %v %v", ok, err)
	}
	if err := db.AcknowledgeEgress(ctx, a); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = Open(ctx, dir) // stored: survives a restart
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if ok, _ := db.EgressAcknowledged(ctx, a); !ok {
		t.Fatal("acknowledgement lost on restart")
	}
	if ok, _ := db.EgressAcknowledged(ctx, b); ok {
		t.Fatal("one endpoint's acknowledgement covered another")
	}
	if err := db.WithdrawEgress(ctx, a); err != nil {
		t.Fatal(err)
	}
	if ok, _ := db.EgressAcknowledged(ctx, a); ok {
		t.Fatal("withdrawn acknowledgement still counts")
	}
}

func mustOpen(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestReplayConfigurableAndDurable: replay bounds come from settings, and
// stored answers, bytes and all, survive a restart.
func TestReplayConfigurableAndDurable(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	if n, age, err := db.ReplayBounds(ctx); err != nil || n != DefaultReplayCount || age != DefaultReplayAge {
		t.Fatalf("default bounds %d %s %v", n, age, err)
	}
	if err := db.SetReplayBounds(ctx, 0, time.Hour); app.ErrorCode(err) != app.EInvalid {
		t.Fatalf("zero count: %v", err)
	}
	if err := db.SetReplayBounds(ctx, 3, 2*time.Hour); err != nil {
		t.Fatal(err)
	}
	body := []byte("{\"answer\": \"é — \\u2028 \x00\"}\n")
	for i := 0; i < 5; i++ {
		now = now.Add(time.Minute)
		if err := db.SaveAnswer(ctx, fmt.Sprint("t", i), body); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	db, err = Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.Now = func() time.Time { return now }
	if _, err := db.Answer(ctx, "t1"); app.ErrorCode(err) != app.ENotFound {
		t.Fatalf("t1 kept beyond a count of 3: %v", err)
	}
	got, err := db.Answer(ctx, "t4")
	if err != nil || !bytes.Equal(got, body) {
		t.Fatalf("after restart: %q, %v", got, err)
	}
	now = now.Add(3 * time.Hour)
	db.SaveAnswer(ctx, "late", body)
	if _, err := db.Answer(ctx, "t4"); app.ErrorCode(err) != app.ENotFound {
		t.Fatalf("t4 kept beyond 2 hours: %v", err)
	}
}
