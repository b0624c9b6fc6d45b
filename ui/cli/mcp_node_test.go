package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"archivist/app"
)

// mcpClientDir holds the official TypeScript MCP client's package;
// `npm ci --prefix testdata/mcpclient` installs it (.ci/run does).
const mcpClientDir = "../../testdata/mcpclient"

// TestMCPWithTypeScriptClient starts the real `archivist mcp` binary from
// the official TypeScript SDK's client over stdio — list the tools, call
// each on a FinanceBench filing — and checks what came back.
func TestMCPWithTypeScriptClient(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs Node.js")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("Node.js is not installed: the TypeScript MCP client test needs it")
	}
	if _, err := os.Stat(filepath.Join(mcpClientDir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		t.Skipf("the TypeScript MCP SDK is not installed: run `npm ci --prefix %s`", mcpClientDir)
	}
	lib, pdfID, _ := financeLibrary(t)
	bin := filepath.Join(t.TempDir(), "archivist")
	build := exec.Command("go", "build", "-tags", "ci", "-o", bin, "../..")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(node, "client.mjs", bin, lib, pdfID, ultaQuestion)
	cmd.Dir = mcpClientDir
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("client: %v\n%s", err, stderr.String())
	}
	var got struct {
		Server struct{ Name string }
		Tools  []struct {
			Name            string
			ReadOnly        bool
			HasOutputSchema bool
		}
		Calls map[string]struct {
			IsError bool
			Content []struct {
				Type, Text, MimeType string
				Bytes                int
			}
			Structured json.RawMessage
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("client output: %v\n%s", err, stdout.String())
	}
	if got.Server.Name != "archivist" {
		t.Errorf("server %q", got.Server.Name)
	}
	var names []string
	for _, tool := range got.Tools {
		names = append(names, tool.Name)
		if !tool.ReadOnly || !tool.HasOutputSchema {
			t.Errorf("%+v: want read-only with an output schema", tool)
		}
	}
	slices.Sort(names)
	if want := []string{"ask", "check_quotes", "get_evidence", "list_documents", "read_page", "search_documents"}; !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
	for name, c := range got.Calls {
		if c.IsError {
			t.Errorf("%s failed: %+v", name, c.Content)
		}
	}
	// The citations a client can check: verbatim text on a page of the
	// filing, with blocks and line rectangles.
	var ev struct{ Citations []app.Citation }
	json.Unmarshal(got.Calls["get_evidence"].Structured, &ev)
	if len(ev.Citations) == 0 {
		t.Fatal("get_evidence returned no citation")
	}
	for _, c := range ev.Citations {
		if c.DocumentID != pdfID || c.PageStart < 1 || c.PageEnd < c.PageStart || len(c.Blocks) == 0 || c.Quote == "" {
			t.Errorf("evidence citation %+v", c)
		}
		if c.Precision == "line" && len(c.Rects) == 0 {
			t.Errorf("a line citation without rectangles: %+v", c)
		}
	}
	var ans app.Answer
	json.Unmarshal(got.Calls["ask"].Structured, &ans)
	if len(ans.Citations) == 0 || ans.TraceToken == "" {
		t.Fatalf("ask: %s", got.Calls["ask"].Structured)
	}
	for _, c := range ans.Citations {
		if c.DocumentID != pdfID || c.PageStart < 1 || c.Quote == "" {
			t.Errorf("answer citation %+v", c)
		}
	}
	var page struct {
		Text      string
		Citations []app.Citation
	}
	json.Unmarshal(got.Calls["read_page"].Structured, &page)
	if !strings.Contains(page.Text, "Ulta Beauty") || len(page.Citations) != 1 || page.Citations[0].PageStart != 1 {
		t.Errorf("read_page: %.300s", got.Calls["read_page"].Structured)
	}
	kinds := map[string]int{}
	for _, c := range got.Calls["read_page"].Content {
		kinds[c.Type]++
		if c.Type == "image" && (c.MimeType != "image/png" || c.Bytes < 1000) {
			t.Errorf("page image %+v", c)
		}
	}
	if kinds["text"] != 1 || kinds["image"] != 1 {
		t.Errorf("read_page content kinds %v, want one text and one image", kinds)
	}
	var search struct {
		Documents []struct {
			DocumentID string `json:"document_id"`
		}
		Citations []app.Citation
	}
	json.Unmarshal(got.Calls["search_documents"].Structured, &search)
	if len(search.Documents) == 0 || search.Documents[0].DocumentID != pdfID || len(search.Citations) == 0 {
		t.Errorf("search: %s", got.Calls["search_documents"].Structured)
	}
	var list struct{ Total int }
	json.Unmarshal(got.Calls["list_documents"].Structured, &list)
	if list.Total != 2 {
		t.Errorf("list: %s", got.Calls["list_documents"].Structured)
	}
}
