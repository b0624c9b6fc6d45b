package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ui/desktop"
)

// remoteChat starts a chat endpoint on an address of this machine that is
// not loopback, so it counts as outside for the egress rule.
func remoteChat(t *testing.T) *chatServer {
	t.Helper()
	ip := outsideAddress(t)
	ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Skipf("cannot listen on %s: %v", ip, err)
	}
	c := &chatServer{}
	c.srv = httptest.NewUnstartedServer(c)
	c.srv.Listener.Close()
	c.srv.Listener = ln
	c.srv.Start()
	t.Cleanup(c.srv.Close)
	return c
}

// TestEgressSharedByWindowAndCLI: the acknowledgement is the library's, per
// endpoint. Given in the settings window it is honoured by ask, given with
// ask --egress-ok it is honoured by the window, and a new URL asks again in
// both.
func TestEgressSharedByWindowAndCLI(t *testing.T) {
	lib := t.TempDir()
	src := filepath.Join(t.TempDir(), "handbook.md")
	os.WriteFile(src, []byte(handbook), 0o644)
	if _, _, code := cli(t, lib, "import", src); code != 0 {
		t.Fatal("import failed")
	}
	window := func(f func(desktop.Providers)) {
		p, err := open(context.Background(), lib)
		if err != nil {
			t.Fatal(err)
		}
		defer p.close()
		f(windowProviders(p))
	}
	settings := func(base string, tick bool) app.Settings {
		return app.Settings{Answer: app.ProviderSettings{Kind: app.ProviderOpenAI, URL: base, Model: "m"}, EgressAcknowledged: tick}
	}
	ask := func(base string, extra ...string) (string, int) {
		args := append([]string{"ask", "--answerer", "openai", "--endpoint", base, "--model", "m", "--json"}, extra...)
		out, _, code := cli(t, lib, append(args, "How much paid leave?")...)
		return out, code
	}

	a := remoteChat(t)
	baseA := a.srv.URL + "/v1"
	window(func(w desktop.Providers) {
		if _, err := w.Apply(settings(baseA, false), desktop.ProviderKeys{}); app.ErrorCode(err) != app.EEgressNotAcknowledged {
			t.Fatalf("window without the tick: %v", err)
		}
		if w.Acknowledged(settings(baseA, false)) {
			t.Fatal("the window shows an acknowledgement nobody gave")
		}
		if _, err := w.Apply(settings(baseA, true), desktop.ProviderKeys{}); err != nil {
			t.Fatalf("window with the tick: %v", err)
		}
	})
	if out, code := ask(baseA); code != 0 || len(a.calls()) != 1 {
		t.Fatalf("ask after the window's acknowledgement: exit %d, %d calls: %s", code, len(a.calls()), out)
	}

	b := remoteChat(t)
	baseB := b.srv.URL + "/v1"
	if _, code := ask(baseB, "--egress-ok"); code != 0 || len(b.calls()) != 1 {
		t.Fatalf("ask --egress-ok: exit %d", code)
	}
	window(func(w desktop.Providers) {
		if !w.Acknowledged(settings(baseB, false)) {
			t.Error("the window does not show the acknowledgement ask gave")
		}
		if _, err := w.Apply(settings(baseB, false), desktop.ProviderKeys{}); err != nil {
			t.Errorf("the window refused an endpoint ask acknowledged: %v", err)
		}
		// A new URL on the same host is a new endpoint.
		if _, err := w.Apply(settings(b.srv.URL+"/v2", false), desktop.ProviderKeys{}); app.ErrorCode(err) != app.EEgressNotAcknowledged {
			t.Errorf("window, new URL: %v", err)
		}
	})
	if out, code := ask(b.srv.URL + "/v2"); code != 1 || errorCode(t, out) != app.EEgressNotAcknowledged {
		t.Errorf("ask, new URL: exit %d: %s", code, out)
	}
}

// TestEvalAndAskAgree: eval asks through Research, so for the same question
// it finds exactly the evidence ask finds.
func TestEvalAndAskAgree(t *testing.T) {
	questions, docs := evalSet(t)
	lib := t.TempDir()
	details := filepath.Join(t.TempDir(), "details.jsonl")
	if out, errOut, code := cli(t, lib, "eval", "--questions", questions, "--docs", docs, "--details", details); code != 0 {
		t.Fatalf("eval: exit %d\n%s%s", code, out, errOut)
	}
	out, _, _ := cli(t, lib, "list", "--json")
	var listed []listedDocument
	json.Unmarshal([]byte(out), &listed)
	idOf := map[string]string{}
	for _, d := range listed {
		idOf["pdfs/"+d.Filename] = d.ID
	}
	qs := map[string]map[string]any{}
	raw, _ := os.ReadFile(questions)
	for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var q map[string]any
		json.Unmarshal([]byte(l), &q)
		qs[q["id"].(string)] = q
	}
	body, _ := os.ReadFile(details)
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(string(body)), "\n") {
		var d evalDetail
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatal(err)
		}
		q := qs[d.ID]
		out, _, code := cli(t, lib, "ask", "--doc", idOf[q["doc"].(string)], "--json", "--trace", q["question"].(string))
		var got struct {
			Sufficient bool `json:"sufficient"`
			Trace      struct {
				Results []struct {
					PageStart int `json:"page_start"`
					PageEnd   int `json:"page_end"`
				} `json:"results"`
			} `json:"trace"`
		}
		if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
			t.Fatalf("%s: ask exit %d: %s", d.ID, code, out)
		}
		ranked := [][2]int{}
		for _, r := range got.Trace.Results {
			ranked = append(ranked, [2]int{r.PageStart, r.PageEnd})
		}
		if !reflect.DeepEqual(ranked, d.Ranked) || got.Sufficient == d.Insufficient {
			t.Errorf("%s: ask found %v (sufficient %v), eval %v (insufficient %v)", d.ID, ranked, got.Sufficient, d.Ranked, d.Insufficient)
		}
		n++
	}
	if n != 4 {
		t.Fatalf("%d questions compared", n)
	}
}
