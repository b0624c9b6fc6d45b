package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"archivist/app"
)

// TestWatchCLI follows a watched folder through the command line: add,
// a changed file answered from its new version while the old answer
// replays byte for byte and its citation still opens the old text, a
// move, a deletion, pause, list and remove.
func TestWatchCLI(t *testing.T) {
	lib, dir := t.TempDir(), t.TempDir()
	policy := filepath.Join(dir, "hr", "policy.md")
	os.MkdirAll(filepath.Dir(policy), 0o755)
	os.WriteFile(policy, []byte("# Leave policy\n\nEmployees accrue 25 days of paid leave per year.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "parking.txt"), []byte("Parking is free on weekends.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "download.pdf.part"), []byte("%PDF-1.7 half"), 0o644)

	out, errOut, code := cli(t, lib, "watch", "add", "--stable", "0", "--name", "Office", dir)
	if code != 0 || !strings.Contains(out, "imported: hr/policy.md") || !strings.Contains(out, "imported: parking.txt") ||
		strings.Contains(out, "download") {
		t.Fatalf("add: %d\n%s%s", code, out, errOut)
	}
	if _, errOut, code := cli(t, lib, "watch", "add", dir); code != 1 || !strings.Contains(errOut, "watched already") {
		t.Errorf("adding twice: %d %s", code, errOut)
	}

	out, _, code = cli(t, lib, "ask", "--json", "How many days of paid leave per year?")
	if code != 0 {
		t.Fatalf("ask: %s", out)
	}
	var before struct {
		Answer    string         `json:"answer"`
		Token     string         `json:"trace_token"`
		Citations []app.Citation `json:"citations"`
	}
	json.Unmarshal([]byte(out), &before)
	if len(before.Citations) == 0 || !strings.Contains(before.Citations[0].Quote, "25 days") {
		t.Fatalf("answer before the change: %s", out)
	}
	oldJSON := out

	// The file changes: the next scan makes a new version.
	os.WriteFile(policy, []byte("# Leave policy\n\nEmployees accrue 30 days of paid leave per year.\n"), 0o644)
	later := time.Now().Add(5 * time.Second)
	os.Chtimes(policy, later, later)
	out, _, code = cli(t, lib, "watch", "scan", "--stable", "0")
	if code != 0 || !strings.Contains(out, "new version: hr/policy.md") {
		t.Fatalf("scan: %s", out)
	}
	out, _, _ = cli(t, lib, "ask", "--json", "How many days of paid leave per year?")
	if !strings.Contains(out, "30 days") || strings.Contains(out, "25 days") {
		t.Errorf("the question does not see the new version:\n%s", out)
	}
	if replay, _, _ := cli(t, lib, "replay", before.Token); replay != oldJSON {
		t.Errorf("the old answer does not replay byte for byte:\n%s\nvs\n%s", replay, oldJSON)
	}
	p, err := open(context.Background(), lib)
	if err != nil {
		t.Fatal(err)
	}
	c := before.Citations[0]
	ct, err := p.Importer.CitedText(context.Background(), c)
	if err != nil || !strings.Contains(ct.Text, "25 days") || ct.QuoteEnd == 0 {
		t.Errorf("the old citation no longer opens what it quoted: %+v %v", ct, err)
	}
	if d, err := p.DB.Document(context.Background(), c.DocumentID); err != nil || d.Filename != "policy.md" {
		t.Errorf("old version: %+v %v", d, err)
	}
	p.Close()

	// Moved and deleted.
	os.Rename(filepath.Join(dir, "parking.txt"), filepath.Join(dir, "hr", "parking.txt"))
	out, _, _ = cli(t, lib, "watch", "scan", "--stable", "0", "Office")
	if !strings.Contains(out, "moved: parking.txt -> hr/parking.txt") {
		t.Errorf("move: %s", out)
	}
	os.Remove(policy)
	out, _, _ = cli(t, lib, "watch", "scan", "--stable", "0", dir)
	if !strings.Contains(out, "removed: hr/policy.md") {
		t.Errorf("delete: %s", out)
	}
	out, _, _ = cli(t, lib, "list", "--json")
	var docs []map[string]any
	json.Unmarshal([]byte(out), &docs)
	if len(docs) != 2 {
		t.Errorf("documents after a version, a move and a delete: %s", out)
	}

	if out, _, code := cli(t, lib, "watch", "set", "--trash-removed=true", "Office"); code != 0 ||
		!strings.Contains(out, "folders mapped true, deleted files trash their documents true") {
		t.Errorf("set: %s", out)
	}
	if out, _, code := cli(t, lib, "watch", "pause", "Office"); code != 0 || !strings.Contains(out, "paused") {
		t.Errorf("pause: %s", out)
	}
	out, _, _ = cli(t, lib, "watch", "list", "--json")
	var listed []listedWatch
	json.Unmarshal([]byte(out), &listed)
	if len(listed) != 1 || listed[0].State != "paused" || listed[0].Documents != 1 || listed[0].Name != "Office" ||
		!listed[0].TrashRemoved || !listed[0].MapFolders {
		t.Errorf("list: %s", out)
	}
	os.Rename(dir, dir+".unplugged")
	defer os.Rename(dir+".unplugged", dir)
	out, _, _ = cli(t, lib, "watch", "list", "--json")
	json.Unmarshal([]byte(out), &listed)
	if listed[0].State != "offline" {
		t.Errorf("an absent folder is not offline: %s", out)
	}
	if out, _, code := cli(t, lib, "watch", "remove", "Office"); code != 0 || !strings.Contains(out, "no longer watched") {
		t.Errorf("remove: %s", out)
	}
	if out, _, _ := cli(t, lib, "list", "--json"); !strings.Contains(out, "parking") {
		t.Errorf("removing a watched folder removed its documents: %s", out)
	}
	if _, errOut, code := cli(t, lib, "watch", "scan", "nowhere"); code != 1 || !strings.Contains(errOut, "not a watched folder") {
		t.Errorf("scan of an unknown folder: %d %s", code, errOut)
	}
	if _, _, code := cli(t, lib, "watch"); code != 2 {
		t.Errorf("bare watch: %d", code)
	}
}
