package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const letter = `Northwind Insurance
Dated 3 February 2024

Dear Ms Rivera,

Your home insurance policy 4471 expires on 31 March 2024. To renew it, please pay the premium of £412 by 15 March 2024.
`

func datesJSON(t *testing.T, lib string, args ...string) []listedDate {
	t.Helper()
	out, errOut, code := cli(t, lib, append([]string{"dates", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("dates %v: exit %d: %s", args, code, errOut)
	}
	var ds []listedDate
	if err := json.Unmarshal([]byte(out), &ds); err != nil {
		t.Fatalf("dates --json printed %q: %v", out, err)
	}
	return ds
}

func TestCLIDates(t *testing.T) {
	t.Setenv("LANG", "en_GB.UTF-8")
	lib, src := t.TempDir(), t.TempDir()
	path := filepath.Join(src, "policy-letter.txt")
	os.WriteFile(path, []byte(letter), 0o644)
	if _, errOut, code := cli(t, lib, "import", path); code != 0 {
		t.Fatalf("import: %s", errOut)
	}
	all := datesJSON(t, lib)
	roles := map[string]string{}
	for _, d := range all {
		roles[d.Value] = d.Role
		if d.State != "pending" || d.DocumentID == "" || !strings.Contains(letter, d.Quote) || d.Confidence <= 0 {
			t.Errorf("date %+v", d)
		}
	}
	if len(all) != 3 || roles["2024-03-31"] != "expires" || roles["2024-03-15"] != "due" || roles["2024-02-03"] != "issued" {
		t.Fatalf("dates = %+v", all)
	}

	t.Run("FromTo", func(t *testing.T) {
		got := datesJSON(t, lib, "--from", "2024-03-01", "--to", "2024-03-20")
		if len(got) != 1 || got[0].Value != "2024-03-15" {
			t.Fatalf("March 1–20 = %+v", got)
		}
	})
	t.Run("AcceptAndReject", func(t *testing.T) {
		var due, issued string
		for _, d := range all {
			switch d.Role {
			case "due":
				due = d.ID
			case "issued":
				issued = d.ID
			}
		}
		if out, errOut, code := cli(t, lib, "dates", "accept", due); code != 0 || !strings.Contains(out, "accepted 1") {
			t.Fatalf("accept: %d %s %s", code, out, errOut)
		}
		if _, _, code := cli(t, lib, "dates", "reject", issued); code != 0 {
			t.Fatal("reject failed")
		}
		if got := datesJSON(t, lib, "--accepted"); len(got) != 1 || got[0].ID != due {
			t.Fatalf("accepted = %+v", got)
		}
		if got := datesJSON(t, lib, "--pending", "--rejected"); len(got) != 2 {
			t.Fatalf("pending or rejected = %+v", got)
		}
	})
	t.Run("BadInput", func(t *testing.T) {
		if _, errOut, code := cli(t, lib, "dates", "accept", "no-such-id"); code != 1 || !strings.Contains(errOut, "No extracted fact") {
			t.Errorf("unknown ID: %d %s", code, errOut)
		}
		if _, errOut, code := cli(t, lib, "dates", "--from", "31/12/2024"); code != 2 || !strings.Contains(errOut, "not a date") {
			t.Errorf("bad date: %d %s", code, errOut)
		}
		if _, _, code := cli(t, lib, "dates", "accept"); code != 2 {
			t.Errorf("accept without IDs: %d", code)
		}
		if got := datesJSON(t, lib, "--accepted"); len(got) != 1 {
			t.Errorf("bad input changed the ledger: %+v", got)
		}
	})
	t.Run("RealDraftStandard", func(t *testing.T) {
		html := "../../../shared/fixtures/html_readability/ietf-1/source.html"
		if _, err := os.Stat(html); err != nil {
			t.Skip("../../../shared is absent")
		}
		if _, errOut, code := cli(t, lib, "import", html); code != 0 {
			t.Fatalf("import: %s", errOut)
		}
		found := false
		for _, d := range datesJSON(t, lib, "--pending") {
			found = found || d.Value == "2015-06-18" && d.Role == "expires"
		}
		if !found {
			t.Error("the draft's expiry date (18 June 2015) was not proposed")
		}
	})
}
