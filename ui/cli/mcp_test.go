package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"archivist/app"
	"archivist/ui/api"
)

// financeBenchPDF is a small real filing from the FinanceBench set beside
// the checkout: Ulta Beauty's fourth-quarter fiscal 2022 results, 9 pages.
var financeBenchPDF = filepath.Join("..", "..", "..", "shared", "eval", "financebench", "pdfs", "ULTABEAUTY_2023Q4_EARNINGS.pdf")

// financeLibrary imports the FinanceBench PDF and the handbook into a new
// library, skipping when the set is absent.
func financeLibrary(t testing.TB) (lib, pdfID, mdID string) {
	t.Helper()
	if _, err := os.Stat(financeBenchPDF); err != nil {
		t.Skipf("the FinanceBench set is not beside the checkout (%s): %v", financeBenchPDF, err)
	}
	lib = t.TempDir()
	md := filepath.Join(t.TempDir(), "handbook.md")
	os.WriteFile(md, []byte(handbook), 0o644)
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"--library", lib, "import", financeBenchPDF, md}, &stdout, &stderr); code != 0 {
		t.Fatalf("import: %d %s %s", code, stdout.String(), stderr.String())
	}
	out := stdout.String()
	m := regexp.MustCompile(`imported: .*\.pdf \(([0-9a-f-]+)\)`).FindStringSubmatch(out)
	n := regexp.MustCompile(`imported: .*\.md \(([0-9a-f-]+)\)`).FindStringSubmatch(out)
	if m == nil || n == nil {
		t.Fatalf("import output: %s", out)
	}
	return lib, m[1], n[1]
}

// mcpSession connects the official SDK's client to the server cmdMCP
// builds, over an in-memory pipe.
func mcpSession(t *testing.T, lib string, importDirs []string, consent bool) *sdk.ClientSession {
	t.Helper()
	p, err := open(context.Background(), lib)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv := newMCPServer(p, importDirs, consent)
	ct, st := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "archivist-test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
		cancel()
		p.Close()
	})
	return cs
}

// call calls a tool and decodes its structured content into out.
func call(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any, out any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if out != nil && !res.IsError {
		data, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s structured content: %v", name, err)
		}
	}
	return res
}

func resultText(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

const ultaQuestion = "What was Ulta Beauty's net sales in the fourth quarter of fiscal 2022?"

func TestMCPTools(t *testing.T) {
	lib, pdfID, mdID := financeLibrary(t)
	cs := mcpSession(t, lib, nil, false)
	ctx := context.Background()

	t.Run("ReadOnlyToolsListed", func(t *testing.T) {
		res, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range res.Tools {
			names = append(names, tool.Name)
			if tool.OutputSchema == nil {
				t.Errorf("%s has no output schema", tool.Name)
			}
			if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
				t.Errorf("%s is not marked read-only", tool.Name)
			}
		}
		slices.Sort(names)
		if want := []string{"ask", "check_quotes", "get_evidence", "list_documents", "read_page", "search_documents"}; !slices.Equal(names, want) {
			t.Errorf("tools %v, want %v (no import without --allow-import)", names, want)
		}
	})
	t.Run("ListDocuments", func(t *testing.T) {
		var out struct {
			Documents []struct{ ID, Title, Format string }
			Total     int
		}
		call(t, cs, "list_documents", nil, &out)
		if out.Total != 2 || len(out.Documents) != 2 {
			t.Fatalf("%+v", out)
		}
	})
	t.Run("GetEvidenceCitesPagesAndLines", func(t *testing.T) {
		var out struct {
			Citations  []app.Citation
			TraceToken string `json:"trace_token"`
		}
		res := call(t, cs, "get_evidence", map[string]any{"question": ultaQuestion, "document_ids": []string{pdfID}}, &out)
		if res.IsError || len(out.Citations) == 0 || out.TraceToken == "" {
			t.Fatalf("%s", resultText(res))
		}
		c := out.Citations[0]
		if c.DocumentID != pdfID || c.PageStart < 1 || len(c.Blocks) == 0 || len(c.Rects) == 0 || c.Precision != "line" {
			t.Errorf("citation %+v", c)
		}
		if !slices.ContainsFunc(out.Citations, func(c app.Citation) bool { return strings.Contains(strings.ToLower(c.Quote), "net sales") }) {
			t.Errorf("no passage speaks of net sales")
		}
		if !strings.Contains(resultText(res), c.Quote) {
			t.Error("the text content lacks the verbatim passage")
		}
	})
	t.Run("AskAnswersWithCitations", func(t *testing.T) {
		var out app.Answer
		res := call(t, cs, "ask", map[string]any{"question": ultaQuestion, "document_ids": []string{pdfID}}, &out)
		if res.IsError || len(out.Citations) == 0 || out.TraceToken == "" {
			t.Fatalf("%s", resultText(res))
		}
		c := out.Citations[0]
		if c.DocumentID != pdfID || c.PageStart < 1 || c.Quote == "" {
			t.Errorf("citation %+v", c)
		}
		if out.Provider != "the MCP client" {
			t.Errorf("provider %q: the answer should name the client as its receiver", out.Provider)
		}
	})
	t.Run("ReadPageTextAndImage", func(t *testing.T) {
		var out struct {
			Text      string
			Page      int
			Citations []app.Citation
		}
		res := call(t, cs, "read_page", map[string]any{"document_id": pdfID, "page": 1}, &out)
		if res.IsError || !strings.Contains(out.Text, "Ulta Beauty") || out.Page != 1 || len(out.Citations) != 1 || out.Citations[0].PageStart != 1 {
			t.Fatalf("%s %+v", resultText(res), out)
		}
		var img *sdk.ImageContent
		for _, c := range res.Content {
			if ic, ok := c.(*sdk.ImageContent); ok {
				img = ic
			}
		}
		if img == nil || img.MIMEType != "image/png" || len(img.Data) < 1000 || string(img.Data[1:4]) != "PNG" {
			t.Errorf("no PNG page image in the result")
		}
		for _, bad := range []map[string]any{{"document_id": pdfID, "page": 99}, {"document_id": mdID, "page": 1}, {"document_id": "nope", "page": 1}} {
			if res := call(t, cs, "read_page", bad, nil); !res.IsError {
				t.Errorf("read_page %v succeeded", bad)
			}
		}
	})
	t.Run("SearchDocuments", func(t *testing.T) {
		var out struct {
			Documents []struct {
				DocumentID string `json:"document_id"`
			}
			Citations []app.Citation
		}
		call(t, cs, "search_documents", map[string]any{"query": "comparable sales"}, &out)
		if len(out.Documents) == 0 || out.Documents[0].DocumentID != pdfID || len(out.Citations) != len(out.Documents) {
			t.Errorf("%+v", out)
		}
	})
	t.Run("BadArgumentsAreToolErrors", func(t *testing.T) {
		res := call(t, cs, "get_evidence", map[string]any{"question": "x", "preset": "huge"}, nil)
		if !res.IsError || !strings.Contains(resultText(res), "invalid") {
			t.Errorf("unknown preset: %s", resultText(res))
		}
	})
}

func TestMCPSensitiveDocuments(t *testing.T) {
	lib, pdfID, _ := financeLibrary(t)
	if _, errOut, code := cli(t, lib, "sensitivity", pdfID, "restricted"); code != 0 {
		t.Fatal(errOut)
	}
	q := map[string]any{"question": ultaQuestion, "document_ids": []string{pdfID}}
	t.Run("WithoutConsentNothingLeaves", func(t *testing.T) {
		cs := mcpSession(t, lib, nil, false)
		var ev struct {
			Citations []app.Citation
			Withheld  int
		}
		res := call(t, cs, "get_evidence", q, &ev)
		if len(ev.Citations) != 0 || ev.Withheld == 0 || strings.Contains(resultText(res), "net sales") {
			t.Errorf("evidence leaked: %+v %s", ev, resultText(res))
		}
		res = call(t, cs, "ask", q, nil)
		if !res.IsError || !strings.Contains(resultText(res), "consent_required") {
			t.Errorf("ask: %s", resultText(res))
		}
		res = call(t, cs, "read_page", map[string]any{"document_id": pdfID, "page": 1}, nil)
		if !res.IsError || !strings.Contains(resultText(res), "consent_required") {
			t.Errorf("read_page: %s", resultText(res))
		}
		titleOnly(t, cs, pdfID, "net sales")
	})
	t.Run("WithConsentForTheConnection", func(t *testing.T) {
		cs := mcpSession(t, lib, nil, true)
		var ev struct{ Citations []app.Citation }
		call(t, cs, "get_evidence", q, &ev)
		if len(ev.Citations) == 0 {
			t.Error("no evidence with consent")
		}
		var a app.Answer
		if res := call(t, cs, "ask", q, &a); res.IsError || len(a.Citations) == 0 {
			t.Errorf("ask with consent: %s", resultText(res))
		}
		// The burst of two is spent: the API's rate limit holds here too.
		if res := call(t, cs, "get_evidence", q, nil); !res.IsError || !strings.Contains(resultText(res), "rate_limited") {
			t.Errorf("a third question at once: %s", resultText(res))
		}
	})
}

// titleOnly checks that a search hit of the Confidential or Restricted
// document id shows its title only: no section path (its headings), no
// pages, no snippet, in the structured result and in the text.
func titleOnly(t *testing.T, cs *sdk.ClientSession, id, query string) {
	t.Helper()
	var s struct {
		Documents []api.SearchHit
		Citations []app.Citation
	}
	res := call(t, cs, "search_documents", map[string]any{"query": query}, &s)
	found := false
	for i, d := range s.Documents {
		if d.DocumentID != id {
			continue
		}
		found = true
		c := s.Citations[i]
		if d.Title == "" || d.Section != "" || d.PageStart != 0 || d.PageEnd != 0 || d.Snippet != "" ||
			c.Section != "" || c.PageStart != 0 || c.Quote != "" {
			t.Errorf("search hit without consent: %+v, citation %+v; want the title only", d, c)
		}
		for _, line := range strings.Split(resultText(res), "\n") {
			if strings.Contains(line, id) && (strings.Contains(line, "›") || strings.Contains(line, "page")) {
				t.Errorf("search text without consent: %q", line)
			}
		}
	}
	if !found {
		t.Fatalf("%q did not find the document: %s", query, resultText(res))
	}
}

func TestMCPImportNeedsAllowedFolder(t *testing.T) {
	lib := t.TempDir()
	allowed := t.TempDir()
	os.WriteFile(filepath.Join(allowed, "handbook.md"), []byte(handbook), 0o644)
	outside := filepath.Join(t.TempDir(), "other.md")
	os.WriteFile(outside, []byte(handbook+"\nmore"), 0o644)
	cs := mcpSession(t, lib, []string{allowed}, false)
	tools, _ := cs.ListTools(context.Background(), nil)
	if !slices.ContainsFunc(tools.Tools, func(tl *sdk.Tool) bool { return tl.Name == "import_documents" }) {
		t.Fatal("no import_documents tool with --allow-import")
	}
	var out struct {
		Results []struct{ Outcome, DocumentID string }
	}
	res := call(t, cs, "import_documents", map[string]any{"paths": []string{allowed}}, &out)
	if res.IsError || len(out.Results) != 1 || out.Results[0].Outcome != "imported" {
		t.Fatalf("%s %+v", resultText(res), out)
	}
	res = call(t, cs, "import_documents", map[string]any{"paths": []string{outside}}, nil)
	if !res.IsError || !strings.Contains(resultText(res), "forbidden") {
		t.Errorf("outside the folder: %s", resultText(res))
	}
}
