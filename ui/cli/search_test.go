package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSearchCLI runs the metadata, search, view and scoped ask commands on
// the demo documents, exactly in the forms scripts use.
func TestSearchCLI(t *testing.T) {
	lib := t.TempDir()
	if _, errOut, code := cli(t, lib, "import", "../../assets/demo"); code != 0 {
		t.Fatalf("import: %d %s", code, errOut)
	}
	out, _, _ := cli(t, lib, "list", "--json")
	var docs []map[string]any
	if err := json.Unmarshal([]byte(out), &docs); err != nil {
		t.Fatal(err)
	}
	id := map[string]string{}
	for _, d := range docs {
		id[d["filename"].(string)] = d["id"].(string)
	}
	log, bread := id["lighthouse-log.md"], id["sourdough.txt"]
	ok := func(args ...string) string {
		t.Helper()
		out, errOut, code := cli(t, lib, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		return out
	}
	ok("tag", "add", log, "Sea", "history")
	ok("tag", "add", bread, "kitchen")
	ok("type", "set", log, "Logbook")
	ok("correspondent", "set", log, "Harbour Board")
	ok("tag", "remove", log, "history")

	t.Run("ListGainsMetadata", func(t *testing.T) {
		var rows []map[string]any
		json.Unmarshal([]byte(ok("list", "--json")), &rows)
		for _, r := range rows {
			for _, k := range []string{"tags", "type", "correspondent", "created", "language"} {
				if _, present := r[k]; !present {
					t.Fatalf("row without %q: %v", k, r)
				}
			}
			if r["id"] == log && (r["type"] != "Logbook" || r["correspondent"] != "Harbour Board" ||
				len(r["tags"].([]any)) != 1 || r["tags"].([]any)[0] != "Sea" || r["language"] != "en") {
				t.Fatalf("the log's row = %v", r)
			}
		}
	})
	t.Run("SearchJSON", func(t *testing.T) {
		var res struct {
			Total   int `json:"total"`
			Results []struct {
				DocumentID string  `json:"document_id"`
				Title      string  `json:"title"`
				Snippet    string  `json:"snippet"`
				Pages      []int   `json:"pages"`
				Score      float64 `json:"score"`
			} `json:"results"`
			Facets map[string]map[string]int `json:"facets"`
		}
		if err := json.Unmarshal([]byte(ok("search", "--json", "--limit", "5", "storm", "lantern")), &res); err != nil {
			t.Fatal(err)
		}
		if res.Total != 1 || res.Results[0].DocumentID != log || !strings.Contains(res.Results[0].Snippet, "«storm»") ||
			res.Results[0].Score <= 0 || res.Facets["type"]["Logbook"] != 1 || res.Facets["tag"]["Sea"] != 1 {
			t.Fatalf("search = %+v", res)
		}
		json.Unmarshal([]byte(ok("search", "--json", "tag:kitchen OR type:logbook")), &res)
		if res.Total != 2 {
			t.Fatalf("tag:kitchen OR type:logbook = %d documents", res.Total)
		}
	})
	t.Run("MalformedExits2", func(t *testing.T) {
		out, errOut, code := cli(t, lib, "search", "--json", `storm "lantern`)
		if code != 2 || out != "" || !strings.Contains(errOut, "character 7") || !strings.Contains(errOut, "never closed") ||
			!strings.Contains(errOut, "      ^") {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
		}
	})
	t.Run("Views", func(t *testing.T) {
		ok("view", "save", "Sea things", "tag:sea")
		if _, errOut, code := cli(t, lib, "view", "save", "Bad", "lang:xx"); code != 2 || !strings.Contains(errOut, "lang is one of") {
			t.Fatalf("a bad view query: exit %d, %s", code, errOut)
		}
		var views []map[string]any
		json.Unmarshal([]byte(ok("view", "list", "--json")), &views)
		if len(views) != 1 || views[0]["name"] != "Sea things" || views[0]["query"] != "tag:sea" {
			t.Fatalf("views = %v", views)
		}
	})
	t.Run("AskScopedByViewAndQuery", func(t *testing.T) {
		var ans struct {
			Citations []struct {
				DocumentID string `json:"document_id"`
			} `json:"citations"`
		}
		// Bread and lamps: only the log is in the view, so only it is cited.
		json.Unmarshal([]byte(ok("ask", "--json", "--view", "sea things", "When is the lamp lit?")), &ans)
		if len(ans.Citations) == 0 || ans.Citations[0].DocumentID != log {
			t.Fatalf("view-scoped answer = %+v", ans)
		}
		out, _, code := cli(t, lib, "ask", "--json", "--query", "tag:kitchen", "When is the lamp lit?")
		if code != 0 || strings.Contains(out, log) || !strings.Contains(out, `"sufficient": false`) {
			t.Fatalf("kitchen-scoped lamp question: exit %d, %s", code, out)
		}
		out, _, code = cli(t, lib, "ask", "--json", "--query", "tag:nothing", "When is the lamp lit?")
		if code != 1 || !strings.Contains(out, "no_evidence") {
			t.Fatalf("an empty query scope must answer from nothing, not the library: exit %d, %s", code, out)
		}
		out, _, code = cli(t, lib, "ask", "--json", "--query", "tag:sea", "--doc", bread, "When is the lamp lit?")
		if code != 1 || !strings.Contains(out, "no_evidence") {
			t.Fatalf("--doc and --query narrow each other: exit %d, %s", code, out)
		}
		if _, _, code := cli(t, lib, "ask", "--query", "tag:", "x"); code != 2 {
			t.Fatalf("a malformed scope query: exit %d", code)
		}
	})
	ok("view", "delete", "SEA THINGS")
	if _, _, code := cli(t, lib, "view", "delete", "Sea things"); code != 1 {
		t.Fatal("deleting a gone view succeeded")
	}
}
