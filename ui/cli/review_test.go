package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
)

func annualReport(company string, year int) string {
	return fmt.Sprintf("# %s annual report %d\n\n## Revenue\n\nRevenue grew as net sales and operating income rose across segments in %d.\n\n"+
		"## Balance sheet\n\nTotal assets, liabilities and shareholders' equity at year end.\n\n## Cash flow\n\nOperating cash flow and capital expenditure of %s.\n",
		company, year, year, company)
}

// reviewFixture is a library with two reports in Finance and a third,
// misfiled, in Downloads beside a recipe; it returns the library folder,
// the misfiled report's ID and a new report to import.
func reviewFixture(t *testing.T) (lib, stray, fresh string) {
	t.Helper()
	ctx := context.Background()
	lib, files := t.TempDir(), t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(files, name+".md")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	l, err := open(ctx, lib)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	folder := func(name string) string {
		f, err := l.Importer.CreateFolder(ctx, "", name)
		if err != nil {
			t.Fatal(err)
		}
		return f.ID
	}
	add := func(path, folderID string) string {
		res, err := l.Importer.Import(ctx, []string{path}, nil)
		if err != nil || res[0].Outcome != app.OutcomeImported {
			t.Fatalf("import %s: %+v %v", path, res, err)
		}
		if err := l.DB.MoveDocuments(ctx, []string{res[0].DocumentID}, folderID); err != nil {
			t.Fatal(err)
		}
		return res[0].DocumentID
	}
	finance, downloads := folder("Finance"), folder("Downloads")
	add(write("acme2019", annualReport("Acme", 2019)), finance)
	add(write("globex2020", annualReport("Globex", 2020)), finance)
	stray = add(write("acme2018", annualReport("Acme", 2018)), downloads)
	add(write("scones", "# Scones\n\n## Ingredients\n\nFlour, butter, raisins and a pinch of salt.\n\n## Method\n\nBake in a hot oven until golden.\n"), downloads)
	return lib, stray, write("acme2023", annualReport("Acme", 2023))
}

func listReviews(t *testing.T, lib string, args ...string) []app.ReviewProposal {
	t.Helper()
	out, errOut, code := cli(t, lib, append([]string{"review", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("review --json: exit %d: %s", code, errOut)
	}
	var list []app.ReviewProposal
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("review --json: %v\n%s", err, out)
	}
	return list
}

func proposalOf(list []app.ReviewProposal, doc string) *app.ReviewProposal {
	for i := range list {
		if list[i].DocumentID == doc {
			return &list[i]
		}
	}
	return nil
}

func TestReviewCommand(t *testing.T) {
	lib, stray, fresh := reviewFixture(t)
	out, errOut, code := cli(t, lib, "import", fresh)
	if code != 0 || !strings.Contains(out, "review: ") || !strings.Contains(out, "(archivist review)") {
		t.Fatalf("import: exit %d, out %q, err %q; want the review's proposals announced", code, out, errOut)
	}
	p := proposalOf(listReviews(t, lib), stray)
	if p == nil || p.FromPath != "Downloads" || p.ToPath != "Finance" || len(p.Passages) == 0 {
		t.Fatalf("proposal for the misfiled report = %+v", p)
	}
	out, _, _ = cli(t, lib, "review")
	if !strings.Contains(out, p.ID+"  proposed") || !strings.Contains(out, "“Downloads” → “Finance”") {
		t.Errorf("review lists:\n%s", out)
	}

	t.Run("AcceptThenUndo", func(t *testing.T) {
		out, errOut, code := cli(t, lib, "review", "accept", p.ID)
		if code != 0 || !strings.Contains(out, "accepted") {
			t.Fatalf("accept: exit %d: %s %s", code, out, errOut)
		}
		if folderPath(t, lib, stray) != "Finance" {
			t.Errorf("accepted, but the report is not in Finance")
		}
		if _, errOut, code := cli(t, lib, "review", "accept", p.ID); code != 1 || !strings.Contains(errOut, "is accepted") {
			t.Errorf("accepting twice: exit %d, %q", code, errOut)
		}
		if out, errOut, code := cli(t, lib, "review", "undo", p.ID); code != 0 || !strings.Contains(out, "undone") {
			t.Fatalf("undo: exit %d: %s %s", code, out, errOut)
		}
		if folderPath(t, lib, stray) != "Downloads" {
			t.Errorf("undone, but the report is not back in Downloads")
		}
		if got := listReviews(t, lib, "--status", "undone"); proposalOf(got, stray) == nil {
			t.Errorf("--status undone = %+v", got)
		}
	})
	t.Run("BadUsage", func(t *testing.T) {
		for _, args := range [][]string{{"review", "accept"}, {"review", "--status", "maybe"}, {"review", "frobnicate", "x"},
			{"review", "auto", "sometimes"}} {
			if _, _, code := cli(t, lib, args...); code != 2 {
				t.Errorf("%v: exit %d, want 2", args, code)
			}
		}
		if _, errOut, code := cli(t, lib, "review", "reject", "no-such-id"); code != 1 || !strings.Contains(errOut, "No review proposal") {
			t.Errorf("reject unknown: exit %d, %q", code, errOut)
		}
	})
	t.Run("Auto", func(t *testing.T) {
		if out, _, code := cli(t, lib, "review", "auto", "on"); code != 0 || !strings.Contains(out, "on") {
			t.Errorf("review auto on: exit %d %q", code, out)
		}
	})
}

// folderPath is the name of the folder a document is in ("" for none).
func folderPath(t *testing.T, lib, doc string) string {
	t.Helper()
	ctx := context.Background()
	l, err := open(ctx, lib)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	pl, err := l.DB.Placements(ctx)
	if err != nil {
		t.Fatal(err)
	}
	folders, _ := l.DB.Folders(ctx)
	for _, f := range folders {
		if f.ID == pl[doc].FolderID {
			return f.Name
		}
	}
	return ""
}

func TestReviewsAPI(t *testing.T) {
	lib, stray, fresh := reviewFixture(t)
	if _, errOut, code := cli(t, lib, "import", fresh); code != 0 {
		t.Fatalf("import: %s", errOut)
	}
	f := newAPIFixture(t, lib, nil)
	resp, body := f.do("GET", "/v1/reviews", "")
	var list struct {
		Reviews []app.ReviewProposal `json:"reviews"`
	}
	if resp.StatusCode != http.StatusOK || json.Unmarshal(body, &list) != nil {
		t.Fatalf("GET /v1/reviews: %d %s", resp.StatusCode, body)
	}
	p := proposalOf(list.Reviews, stray)
	if p == nil || p.Status != app.ReviewProposed || p.ToPath != "Finance" {
		t.Fatalf("listed %+v", list.Reviews)
	}
	resp, body = f.do("POST", "/v1/reviews/"+p.ID+"/reject", "")
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"status": "rejected"`) {
		t.Errorf("reject: %d %s", resp.StatusCode, body)
	}
	for _, c := range []struct {
		method, path string
		status       int
	}{
		{"POST", "/v1/reviews/" + p.ID + "/accept", http.StatusConflict},
		{"POST", "/v1/reviews/" + p.ID + "/explode", http.StatusNotFound},
		{"POST", "/v1/reviews/no-such-id/undo", http.StatusNotFound},
		{"GET", "/v1/reviews?status=maybe", http.StatusBadRequest},
	} {
		if resp, body := f.do(c.method, c.path, ""); resp.StatusCode != c.status {
			t.Errorf("%s %s: %d %s, want %d", c.method, c.path, resp.StatusCode, body, c.status)
		}
	}
	resp, body = f.do("GET", "/v1/reviews?status=rejected", "")
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), p.ID) {
		t.Errorf("?status=rejected: %d %s", resp.StatusCode, body)
	}
}
