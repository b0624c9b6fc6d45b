package store

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
)

// dataVersion reads SQLite's data_version on one connection of raw: it
// changes when another connection commits to the database, which is when
// that connection's page cache is dropped.
func dataVersion(t *testing.T, conn *sql.Conn) int64 {
	t.Helper()
	var v int64
	if err := conn.QueryRowContext(context.Background(), `PRAGMA data_version`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestSavedAnswerLeavesLibraryDatabase: saving an answer, as every
// question does, commits nothing to the library's database, so its
// readers keep their page caches; a setting written there does commit
// (the check can see a commit).
func TestSavedAnswerLeavesLibraryDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	raw, err := sql.Open("sqlite", dsn(filepath.Join(dir, DatabaseFile), "_pragma=query_only(1)"))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	conn, err := raw.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	before := dataVersion(t, conn)
	if err := db.SaveAnswer(ctx, "t1", []byte(`{"answer": "42"}`)); err != nil {
		t.Fatal(err)
	}
	if after := dataVersion(t, conn); after != before {
		t.Fatalf("saving an answer committed to the library's database (data_version %d → %d)", before, after)
	}
	if got, err := db.Answer(ctx, "t1"); err != nil || string(got) != `{"answer": "42"}` {
		t.Fatalf("stored answer: %q, %v", got, err)
	}
	if err := db.SetSetting(ctx, "test.key", "v"); err != nil {
		t.Fatal(err)
	}
	if after := dataVersion(t, conn); after == before {
		t.Fatal("a setting's commit left data_version unchanged: the check sees no commit")
	}
}

// TestOldAnswersMoved: a library that kept its answers in its own
// database has them in the answers file after the next open, replayable
// byte for byte, and the old table is empty but kept, for an older
// Archivist to save in.
func TestOldAnswersMoved(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	os.Remove(filepath.Join(dir, AnswersFile))
	raw, err := sql.Open("sqlite", dsn(filepath.Join(dir, DatabaseFile), ""))
	if err != nil {
		t.Fatal(err)
	}
	body := []byte("{\"answer\": \"é\"}\n")
	if _, err := raw.Exec(`INSERT INTO answers VALUES ('old', '2026-01-01T00:00:00Z', ?)`, body); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	db, err = Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got, err := db.Answer(ctx, "old"); err != nil || !bytes.Equal(got, body) {
		t.Fatalf("moved answer: %q, %v", got, err)
	}
	var n int
	if err := db.read.QueryRow(`SELECT count(*) FROM answers`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("the library's database still holds %d answers (%v)", n, err)
	}
}

// TestUnreadableAnswersFile: an answers file that is no database is set
// aside, bytes kept, and the library opens and stores answers anew.
func TestUnreadableAnswersFile(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	junk := bytes.Repeat([]byte("not a database "), 300)
	if err := os.WriteFile(filepath.Join(dir, AnswersFile), junk, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := Open(ctx, dir)
	if err != nil {
		t.Fatalf("a library with an unreadable answers file: %v", err)
	}
	defer db.Close()
	if err := db.SaveAnswer(ctx, "t1", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	aside, _ := filepath.Glob(filepath.Join(dir, AnswersFile+".unreadable-*"))
	if len(aside) != 1 {
		t.Fatalf("set aside: %v", aside)
	}
	if got, err := os.ReadFile(aside[0]); err != nil || !bytes.Equal(got, junk) {
		t.Fatalf("the unreadable file was not kept as it was: %v", err)
	}
}
