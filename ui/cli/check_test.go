package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ui/api"
)

// federalRegister is a 15-page Federal Register notice from the fixtures
// beside the checkout.
var federalRegister = filepath.Join("..", "..", "..", "shared", "fixtures", "pdfplumber", "tests", "pdfs", "federal-register-2020-17221.pdf")

// draftCheckLibrary imports the notice and the handbook into a new library.
func draftCheckLibrary(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(federalRegister); err != nil {
		t.Skipf("the fixtures are not beside the checkout (%s): %v", federalRegister, err)
	}
	lib := t.TempDir()
	md := filepath.Join(t.TempDir(), "handbook.md")
	os.WriteFile(md, []byte(handbook), 0o644)
	if out, errOut, code := cli(t, lib, "import", federalRegister, md); code != 0 {
		t.Fatalf("import: %d %s %s", code, out, errOut)
	}
	return lib
}

// checkedDraft quotes the notice and the handbook: exact, altered, on the
// wrong page, and invented.
const checkedDraft = `# Notes

The notice “proposes to supersede Airworthiness Directive (AD) 2018–23–51” (p. 1).
Employees “accrue 30 days of paid leave per year” (Handbook).
“The new master minimum equipment list (MMEL), approved by the FAA, was published on April 10, 2020” (p. 5).
The FAA “will publish a final rule next month without further comment” (p. 9).
`

func writeDraft(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The check of a draft, on one library (importing the notice takes a
// while): the command, the API and the MCP tool.
func TestCheck(t *testing.T) {
	privateConfig(t)
	lib := draftCheckLibrary(t)
	t.Run("SameReportEverywhere", func(t *testing.T) { checkSameReportEverywhere(t, lib) })
	t.Run("Command", func(t *testing.T) { checkCommandRuns(t, lib) })
	t.Run("APIBadInput", func(t *testing.T) { checkAPIBadInput(t, lib) })
	t.Run("SensitiveSourcesWithheld", func(t *testing.T) { checkSensitiveSourcesWithheld(t, lib) })
}

// Without consent, check_quotes keeps a Confidential or Restricted
// source's status, document and pages, and leaves out its text: the
// quote, the diff and its section path (the document's headings). It runs
// last: the sources stay restricted.
func checkSensitiveSourcesWithheld(t *testing.T, lib string) {
	out, _, _ := cli(t, lib, "check", "--json", writeDraft(t, "notes.md", checkedDraft))
	var rep app.CheckReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	sections := 0
	for _, q := range rep.Quotes {
		if q.Source == nil {
			continue
		}
		if q.Source.Section != "" {
			sections++
		}
		if _, errOut, code := cli(t, lib, "sensitivity", q.Source.DocumentID, "restricted"); code != 0 {
			t.Fatal(errOut)
		}
	}
	if sections == 0 {
		t.Fatal("no source has a section path: the test would prove nothing")
	}
	var fromMCP struct {
		app.CheckReport
		Withheld int `json:"withheld"`
	}
	cs := mcpSession(t, lib, nil, false)
	if res := call(t, cs, "check_quotes", map[string]any{"name": "notes.md", "text": checkedDraft}, &fromMCP); res.IsError {
		t.Fatalf("check_quotes: %s", resultText(res))
	}
	if fromMCP.Withheld == 0 || fromMCP.Counts != rep.Counts {
		t.Errorf("withheld %d, counts %+v; want some withheld and the counts %+v", fromMCP.Withheld, fromMCP.Counts, rep.Counts)
	}
	for _, q := range fromMCP.Quotes {
		if q.Source != nil && (q.Source.Quote != "" || q.Source.Section != "" || q.Diff != nil || q.Source.DocumentID == "") {
			t.Errorf("source without consent: %+v", q.Source)
		}
	}
}

// `archivist check`, /v1/check and the check_quotes tool give the same
// report of the same draft.
func checkSameReportEverywhere(t *testing.T, lib string) {
	draft := writeDraft(t, "notes.md", checkedDraft)

	out, errOut, code := cli(t, lib, "check", draft, "--json")
	if code != 1 {
		t.Fatalf("check exits %d (want 1: not every quotation is exact): %s", code, errOut)
	}
	var fromCLI app.CheckReport
	if err := json.Unmarshal([]byte(out), &fromCLI); err != nil {
		t.Fatalf("check --json: %v\n%s", err, out)
	}
	want := app.CheckCounts{Exact: 1, Altered: 1, PageDiffers: 1, NotFound: 1}
	if fromCLI.Counts != want || fromCLI.Draft != "notes.md" {
		t.Fatalf("report %+v", fromCLI)
	}
	if q := fromCLI.Quotes[1]; q.Status != app.QuoteAltered || len(q.Issues) == 0 || !strings.HasPrefix(q.Issues[0], "figure changed") {
		t.Errorf("the changed figure: %+v", q)
	}

	// The API, over HTTP, as a script sends the draft's text.
	p, err := open(context.Background(), lib)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	srv := api.New(api.Config{Token: "secret", NewID: uuid.NewString, Limit: api.NewRateLimiter(600, 100, nil)}, p.apiParts())
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	body, _ := json.Marshal(api.CheckRequest{Name: "notes.md", Text: checkedDraft})
	req, _ := http.NewRequest("POST", hs.URL+"/v1/check", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer secret")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var fromAPI app.CheckReport
	err = json.NewDecoder(resp.Body).Decode(&fromAPI)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("/v1/check: %d %v", resp.StatusCode, err)
	}
	if !reflect.DeepEqual(fromAPI, fromCLI) {
		t.Errorf("/v1/check differs from `check --json`:\n%+v\n%+v", fromAPI, fromCLI)
	}

	// The client of the window's API, which `archivist mcp` uses when the
	// window holds the library, sends the bytes.
	cl := &api.Client{BaseURL: hs.URL, Token: "secret"}
	defer cl.Close()
	fromClient, err := cl.CheckDraft(context.Background(), "notes.md", []byte(checkedDraft))
	if err != nil || !reflect.DeepEqual(*fromClient, fromCLI) {
		t.Errorf("the API client's report differs: %v\n%+v", err, fromClient)
	}
	p.Close()

	// The MCP tool.
	cs := mcpSession(t, lib, nil, false)
	var fromMCP struct {
		app.CheckReport
		Withheld int `json:"withheld"`
	}
	res := call(t, cs, "check_quotes", map[string]any{"name": "notes.md", "text": checkedDraft}, &fromMCP)
	if res.IsError {
		t.Fatalf("check_quotes: %s", resultText(res))
	}
	if fromMCP.Withheld != 0 || !reflect.DeepEqual(fromMCP.CheckReport, fromCLI) {
		t.Errorf("check_quotes differs from `check --json`:\n%+v\n%+v", fromMCP.CheckReport, fromCLI)
	}
	if text := resultText(res); !strings.Contains(text, "4 quotations: 1 exact, 1 altered, 1 page differs, 1 not found") {
		t.Errorf("check_quotes text: %s", text)
	}
}

func checkCommandRuns(t *testing.T, lib string) {
	t.Run("MarkdownReport", func(t *testing.T) {
		out, _, code := cli(t, lib, "check", writeDraft(t, "notes.md", checkedDraft))
		if code != 1 || !strings.Contains(out, "## 2. altered — “accrue 30 days of paid leave per year”") ||
			!strings.Contains(out, "~~25~~ **30**") || !strings.Contains(out, "cited p. 5; the passage is on p. 3") {
			t.Errorf("exit %d:\n%s", code, out)
		}
	})
	t.Run("NoQuotations", func(t *testing.T) {
		out, _, code := cli(t, lib, "check", writeDraft(t, "plain.txt", "Nothing is quoted here.\nThe \"AD\" is named, not quoted.\n"))
		if code != 0 || !strings.Contains(out, "The draft quotes nothing") {
			t.Errorf("exit %d:\n%s", code, out)
		}
	})
	t.Run("ExactOnlyExitsZero", func(t *testing.T) {
		out, _, code := cli(t, lib, "check", "--json", writeDraft(t, "ok.md", "Staff must “[s]ubmit receipts within 30 days of purchase.”\n"))
		if code != 0 || !strings.Contains(out, `"status": "exact"`) {
			t.Errorf("exit %d:\n%s", code, out)
		}
	})
	t.Run("BadInput", func(t *testing.T) {
		dir := t.TempDir()
		png := filepath.Join(dir, "picture.png")
		os.WriteFile(png, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 0o644)
		empty := filepath.Join(dir, "empty.md")
		os.WriteFile(empty, nil, 0o644)
		for _, c := range []struct {
			args []string
			code int
			msg  string
		}{
			{[]string{"check"}, 2, "name one draft"},
			{[]string{"check", "a.md", "b.md"}, 2, "name one draft"},
			{[]string{"check", filepath.Join(dir, "missing.md")}, 1, "no such file"},
			{[]string{"check", dir}, 1, "is a folder"},
			{[]string{"check", empty}, 1, "empty"},
			{[]string{"check", png}, 1, "picture"},
		} {
			_, errOut, code := cli(t, lib, c.args...)
			if code != c.code || !strings.Contains(errOut, c.msg) {
				t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errOut, c.code, c.msg)
			}
		}
	})
}

// /v1/check refuses what is not a draft, and says why.
func checkAPIBadInput(t *testing.T, lib string) {
	p, err := open(context.Background(), lib)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	hs := httptest.NewServer(api.New(api.Config{Token: "secret", NewID: uuid.NewString, Limit: api.NewRateLimiter(600, 100, nil)}, p.apiParts()).Handler())
	defer hs.Close()
	for _, c := range []struct {
		body   string
		status int
		code   string
	}{
		{`{"name": "a.md"}`, 400, "invalid"},
		{`{"name": "a.md", "text": "x", "content_base64": "eA=="}`, 400, "invalid"},
		{`{"name": "a.docx", "content_base64": "not base64!"}`, 400, "invalid"},
		{`{"name": "a.docx", "content_base64": "eA=="}`, 400, "invalid"},
		{`{"name": "a.md", "text": "x", "extra": 1}`, 400, "invalid"},
	} {
		req, _ := http.NewRequest("POST", hs.URL+"/v1/check", strings.NewReader(c.body))
		req.Header.Set("Authorization", "Bearer secret")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			Error struct{ Code, Message string }
		}
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != c.status || e.Error.Code != c.code || e.Error.Message == "" {
			t.Errorf("%s: %d %+v; want %d %s", c.body, resp.StatusCode, e, c.status, c.code)
		}
	}
}
