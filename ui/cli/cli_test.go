package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/ingest/dates"
	"archivist/retrieve"
	"archivist/retrieve/jev"
	"archivist/store"
)

// open opens the library in dir with its services wired as main.go wires
// them (main_test.go at the root checks main's own wiring end to end).
func open(ctx context.Context, dir string) (*Library, error) {
	db, err := store.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	newID := func() string { return uuid.NewString() }
	im, err := ingest.New(ctx, db, ingest.Config{NewID: newID, Roles: jev.Chooser{Provider: jev.Local{}},
		DayFirst: dates.DayFirst(os.Getenv)})
	if err != nil {
		db.Close()
		return nil, err
	}
	research := retrieve.Offline(db, newID)
	research.Upgrade = im.Upgrade
	research.Cited = im.CiteOCR
	lib := &Library{DB: db, Importer: im, Research: research}
	lib.ReviewImports(newID)
	return lib, nil
}

// run runs one command line with the test wiring; the window is not
// available.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return Run(ctx, args, Env{Stdout: stdout, Stderr: stderr, Open: open,
		Window: func(context.Context, string) error { return errors.New("no window in tests") }})
}

// cli runs one command line against a library folder and returns stdout,
// stderr and the exit status.
func cli(t *testing.T, lib string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), append([]string{"--library", lib}, args...), &out, &errOut)
	return out.String(), errOut.String(), code
}

const handbook = `# Employee Handbook

Welcome to the company.

## Leave

Employees accrue 25 days of paid leave per year.
Unused leave carries over for 12 months.

## Expenses

Submit receipts within 30 days of purchase.
`

func TestCLI(t *testing.T) {
	lib := t.TempDir()
	src := t.TempDir()
	os.WriteFile(filepath.Join(src, "handbook.md"), []byte(handbook), 0o644)
	os.WriteFile(filepath.Join(src, "notes.txt"), []byte("Parking is free on weekends.\n"), 0o644)
	os.WriteFile(filepath.Join(src, "broken.md"), []byte("\x00\x01\x02\x03\x00\xff\xfe binary"), 0o644)

	var docs []map[string]any
	t.Run("Import", func(t *testing.T) {
		out, _, code := cli(t, lib, "import", src)
		if code != 1 {
			t.Errorf("exit %d, want 1 (one file failed)", code)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 3 {
			t.Fatalf("want one line per file, got:\n%s", out)
		}
		for _, want := range []string{"imported: " + filepath.Join(src, "handbook.md"), "imported: " + filepath.Join(src, "notes.txt"),
			"failed: " + filepath.Join(src, "broken.md") + ": not a text file"} {
			if !strings.Contains(out, want) {
				t.Errorf("output lacks %q:\n%s", want, out)
			}
		}
		out, _, code = cli(t, lib, "import", filepath.Join(src, "handbook.md"))
		if code != 0 || !strings.HasPrefix(out, "duplicate: ") {
			t.Errorf("re-import: exit %d, %q", code, out)
		}
	})
	t.Run("ListJSON", func(t *testing.T) {
		out, _, code := cli(t, lib, "list", "--json")
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		if err := json.Unmarshal([]byte(out), &docs); err != nil {
			t.Fatal(err, out)
		}
		if len(docs) != 2 {
			t.Fatalf("docs = %v", docs)
		}
		for _, d := range docs {
			for _, k := range []string{"id", "title", "filename", "format", "pages", "status", "error"} {
				if _, ok := d[k]; !ok {
					t.Errorf("document lacks %q: %v", k, d)
				}
			}
			if d["status"] != "ready" {
				t.Errorf("status = %v", d["status"])
			}
			if d["filename"] == "handbook.md" && (d["title"] != "Employee Handbook" || d["format"] != "markdown") {
				t.Errorf("handbook listed as %v", d)
			}
		}
	})
	var token string
	var first string
	t.Run("AskJSON", func(t *testing.T) {
		out, _, code := cli(t, lib, "ask", "--json", "How many days of paid leave do employees accrue?")
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		first = out
		var ans struct {
			Answer     string `json:"answer"`
			Sufficient bool   `json:"sufficient"`
			Citations  []struct {
				N          int    `json:"n"`
				DocumentID string `json:"document_id"`
				Title      string `json:"title"`
				Section    string `json:"section"`
				Quote      string `json:"quote"`
				PageStart  *int   `json:"page_start"`
				PageEnd    *int   `json:"page_end"`
				Blocks     []string
				Rects      []any `json:"rects"`
			} `json:"citations"`
			Sources []struct {
				N          int    `json:"n"`
				DocumentID string `json:"document_id"`
				Title      string `json:"title"`
				Text       string `json:"text"`
			} `json:"sources"`
			TraceToken string `json:"trace_token"`
		}
		if err := json.Unmarshal([]byte(out), &ans); err != nil {
			t.Fatal(err, out)
		}
		if !ans.Sufficient || len(ans.Citations) == 0 || ans.TraceToken == "" || len(ans.Sources) == 0 || !strings.Contains(out, `"verdict": "answered"`) {
			t.Fatalf("answer = %s", out)
		}
		c := ans.Citations[0]
		if c.Quote != "Employees accrue 25 days of paid leave per year." || c.Section != "Leave" || c.Title != "Employee Handbook" ||
			c.PageStart == nil || c.PageEnd == nil || c.Rects == nil || len(c.Blocks) != 1 {
			t.Errorf("citation = %+v", c)
		}
		if !strings.Contains(handbook, c.Quote) {
			t.Errorf("quote %q is not verbatim source text", c.Quote)
		}
		if !strings.Contains(out, `"rects": []`) {
			t.Error("rects must be an empty array for text formats")
		}
		token = ans.TraceToken
	})
	t.Run("AskScopedToDocument", func(t *testing.T) {
		var notes string
		for _, d := range docs {
			if d["filename"] == "notes.txt" {
				notes = d["id"].(string)
			}
		}
		out, _, code := cli(t, lib, "ask", "--doc", notes, "--json", "How many days of paid leave?")
		if code != 0 || !strings.Contains(out, `"sufficient": false`) || strings.Contains(out, `"verdict": "answered"`) {
			t.Fatalf("scoped ask: exit %d\n%s", code, out)
		}
	})
	t.Run("ReplayByteForByte", func(t *testing.T) {
		out, _, code := cli(t, lib, "replay", token)
		if code != 0 || out != first {
			t.Fatalf("replay differs (exit %d):\n%s\nvs\n%s", code, out, first)
		}
		_, errOut, code := cli(t, lib, "replay", "no-such-token")
		if code != 1 || !strings.Contains(errOut, "No stored answer") {
			t.Fatalf("unknown token: exit %d, %q", code, errOut)
		}
	})
	t.Run("Usage", func(t *testing.T) {
		if _, _, code := cli(t, lib, "frobnicate"); code != 2 {
			t.Errorf("unknown command exit %d, want 2", code)
		}
		if _, _, code := cli(t, lib, "ask", "--preset", "huge", "x"); code != 2 {
			t.Errorf("bad preset exit %d, want 2", code)
		}
	})
}

// TestQuestionUpgradesOutdatedPassages: a document whose passages an older
// builder made is rebuilt before a question reads it.
func TestQuestionUpgradesOutdatedPassages(t *testing.T) {
	ctx := context.Background()
	lib := t.TempDir()
	src := filepath.Join(t.TempDir(), "handbook.md")
	os.WriteFile(src, []byte(handbook), 0o644)
	if _, _, code := cli(t, lib, "import", src); code != 0 {
		t.Fatal("import failed")
	}
	p, err := open(ctx, lib)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	p.Importer.PassagesVersion = ingest.IndexVersion + 1
	p.Importer.Passages = ingest.BuildPassages
	if stale, _ := p.DB.StaleDocuments(ctx, p.Importer.PassagesVersion); len(stale) != 1 {
		t.Fatalf("stale = %v, want the handbook", stale)
	}
	if _, err := p.Research.Ask(ctx, app.Question{Text: "paid leave"}); err != nil {
		t.Fatal(err)
	}
	if stale, _ := p.DB.StaleDocuments(ctx, p.Importer.PassagesVersion); len(stale) != 0 {
		t.Fatalf("still stale after a question: %v", stale)
	}
}

// TestAskWithOpenAIAnswerer runs ask against a local server speaking the
// chat-completions wire format: one good reply, then a failing one.
func TestAskWithOpenAIAnswerer(t *testing.T) {
	lib := t.TempDir()
	src := filepath.Join(t.TempDir(), "handbook.md")
	os.WriteFile(src, []byte(handbook), 0o644)
	if _, _, code := cli(t, lib, "import", src); code != 0 {
		t.Fatal("import failed")
	}
	fail := false
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer test-key" {
			t.Errorf("request %s with auth %q", r.URL.Path, r.Header.Get("Authorization"))
		}
		if fail {
			http.Error(w, "upstream exploded: secret details", http.StatusBadGateway)
			return
		}
		content, _ := json.Marshal(map[string]any{
			"answer": "Employees accrue 25 days of paid leave per year [1].", "sufficient": true, "citations": []int{1}})
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{
			"finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": string(content)}}}})
	}))
	defer srv.Close()
	t.Setenv("ARCHIVIST_API_KEY", "test-key")

	out, _, code := cli(t, lib, "ask", "--answerer", "openai", "--endpoint", srv.URL+"/v1", "--model", "m", "--json", "How much paid leave?")
	if code != 0 || calls != 1 {
		t.Fatalf("exit %d after %d calls:\n%s", code, calls, out)
	}
	var ans app.Answer
	json.Unmarshal([]byte(out), &ans)
	if !ans.Sufficient || len(ans.Citations) != 1 || ans.Citations[0].Quote != "Employees accrue 25 days of paid leave per year." {
		t.Fatalf("answer = %s", out)
	}

	fail = true
	out, _, code = cli(t, lib, "ask", "--answerer", "openai", "--endpoint", srv.URL+"/v1", "--model", "m", "--json", "How much paid leave?")
	var e struct {
		Error struct{ Code, Message string }
	}
	if err := json.Unmarshal([]byte(out), &e); err != nil || code != 1 || e.Error.Code != app.EProviderFailure {
		t.Fatalf("failing provider: exit %d, %s", code, out)
	}
	if strings.Contains(out, "secret details") || strings.Contains(out, "test-key") {
		t.Fatalf("provider body or key leaked: %s", out)
	}
}
