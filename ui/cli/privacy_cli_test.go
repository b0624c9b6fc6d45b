package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"archivist/app"
)

// chatServer is an OpenAI-compatible endpoint that records requests and
// answers citing source 1.
type chatServer struct {
	mu     sync.Mutex
	bodies []string
	srv    *httptest.Server
}

func (c *chatServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	c.mu.Lock()
	c.bodies = append(c.bodies, string(body))
	c.mu.Unlock()
	content, _ := json.Marshal(map[string]any{"answer": "Employees accrue 25 days of paid leave per year [1].", "sufficient": true, "citations": []int{1}})
	json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{
		"finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": string(content)}}}})
}

func (c *chatServer) calls() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.bodies...)
}

func errorCode(t *testing.T, out string) string {
	t.Helper()
	var e struct {
		Error struct{ Code, Message string }
	}
	if err := json.Unmarshal([]byte(out), &e); err != nil {
		t.Fatalf("not a JSON error: %q", out)
	}
	return e.Error.Code
}

func TestCLIPrivacy(t *testing.T) {
	lib := t.TempDir()
	src := filepath.Join(t.TempDir(), "handbook.md")
	os.WriteFile(src, []byte(handbook), 0o644)
	out, _, code := cli(t, lib, "import", src)
	if code != 0 {
		t.Fatal("import failed")
	}
	id := strings.TrimSuffix(strings.SplitN(strings.TrimSpace(out), "(", 2)[1], ")")
	chat := &chatServer{}
	chat.srv = httptest.NewServer(chat)
	defer chat.srv.Close()
	modelArgs := []string{"ask", "--answerer", "openai", "--endpoint", chat.srv.URL + "/v1", "--model", "m", "--json"}

	t.Run("SensitivityCommandAndList", func(t *testing.T) {
		out, _, code := cli(t, lib, "list", "--json")
		var docs []map[string]any
		json.Unmarshal([]byte(out), &docs)
		if code != 0 || len(docs) != 1 || docs[0]["sensitivity"] != "internal" {
			t.Fatalf("list: %s", out)
		}
		if out, _, code := cli(t, lib, "sensitivity", id, "Confidential"); code != 0 || out != id+": confidential\n" {
			t.Fatalf("set: exit %d %q", code, out)
		}
		if out, _, code := cli(t, lib, "sensitivity", id); code != 0 || out != id+": confidential\n" {
			t.Fatalf("show: exit %d %q", code, out)
		}
		if _, _, code := cli(t, lib, "sensitivity", id, "secret"); code != 2 {
			t.Fatalf("unknown level: exit %d", code)
		}
		if _, _, code := cli(t, lib, "sensitivity", "no-such-id", "public"); code != 1 {
			t.Fatalf("unknown document: exit %d", code)
		}
	})
	t.Run("ConsentRequired", func(t *testing.T) {
		t.Setenv("ARCHIVIST_LOG", "1")
		t.Setenv("ARCHIVIST_API_KEY", "sk-never-shown")
		out, logged, code := cli(t, lib, append(modelArgs, "How much paid leave?")...)
		if !strings.Contains(logged, "outcome=consent_required") {
			t.Errorf("log = %q", logged)
		}
		if code != 1 || errorCode(t, out) != app.EConsentRequired || len(chat.calls()) != 0 {
			t.Fatalf("exit %d after %d calls: %s", code, len(chat.calls()), out)
		}
		out, logged2, code := cli(t, lib, append(modelArgs, "--consent-sensitive", "How much paid leave?")...)
		if code != 0 || len(chat.calls()) != 1 || !strings.Contains(chat.calls()[0], "25 days of paid leave") {
			t.Fatalf("with consent: exit %d after %d calls: %s", code, len(chat.calls()), out)
		}
		logged += logged2
		if !strings.Contains(logged, "msg=completion") || !strings.Contains(logged, "outcome=ok") {
			t.Errorf("log = %q", logged)
		}
		for _, s := range []string{"paid leave", "Handbook", "25 days", "sk-never-shown", "Employees"} {
			if strings.Contains(logged, s) || strings.Contains(out, "sk-never-shown") {
				t.Fatalf("%q reached the log or the output:\n%s", s, logged)
			}
		}
		var ans app.Answer
		json.Unmarshal([]byte(out), &ans)
		if ans.Provider == "" || ans.Question != "How much paid leave?" {
			t.Fatalf("answer = %s", out)
		}
	})
	t.Run("FollowUp", func(t *testing.T) {
		cli(t, lib, "sensitivity", id, "internal")
		out, _, code := cli(t, lib, append(modelArgs, "How much paid leave?")...)
		var first app.Answer
		if json.Unmarshal([]byte(out), &first); code != 0 {
			t.Fatalf("first: %s", out)
		}
		out, _, code = cli(t, lib, append(modelArgs, "--follow-up", first.TraceToken, "When are receipts due?")...)
		var second app.Answer
		json.Unmarshal([]byte(out), &second)
		if code != 0 || second.Follows != first.TraceToken {
			t.Fatalf("follow-up: exit %d %s", code, out)
		}
		var req struct {
			Messages []struct{ Role, Content string }
		}
		calls := chat.calls()
		json.Unmarshal([]byte(calls[len(calls)-1]), &req)
		if len(req.Messages) != 4 || req.Messages[1].Content != "How much paid leave?" || req.Messages[2].Role != "assistant" {
			t.Fatalf("follow-up request messages: %+v", req.Messages)
		}
		if _, _, code := cli(t, lib, append(modelArgs, "--follow-up", "no-such-token", "Why?")...); code != 1 {
			t.Fatalf("unknown token: exit %d", code)
		}
	})
	t.Run("JudgeFlags", func(t *testing.T) {
		for _, args := range [][]string{{"--judge", "systemone", "q"}, {"--judge", "oracle", "q"}, {"--judge", "openai", "--judge-endpoint", "ftp://x", "q"}} {
			if _, _, code := cli(t, lib, append([]string{"ask"}, args...)...); code != 2 {
				t.Errorf("%v: exit %d, want 2", args, code)
			}
		}
		cli(t, lib, "sensitivity", id, "restricted")
		judge := &chatServer{}
		judge.srv = httptest.NewServer(judge)
		defer judge.srv.Close()
		out, _, code := cli(t, lib, "ask", "--judge", "systemone", "--judge-endpoint", judge.srv.URL, "--json", "How much paid leave?")
		if code != 1 || errorCode(t, out) != app.EConsentRequired || len(judge.calls()) != 0 {
			t.Fatalf("remote judge without consent: exit %d, %d calls: %s", code, len(judge.calls()), out)
		}
	})
	t.Run("EgressAcknowledgementIsStored", func(t *testing.T) {
		cli(t, lib, "sensitivity", id, "public")
		ip := outsideAddress(t)
		ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
		if err != nil {
			t.Skipf("cannot listen on %s: %v", ip, err)
		}
		remote := &chatServer{}
		remote.srv = httptest.NewUnstartedServer(remote)
		remote.srv.Listener.Close()
		remote.srv.Listener = ln
		remote.srv.Start()
		defer remote.srv.Close()
		args := []string{"ask", "--answerer", "openai", "--endpoint", remote.srv.URL + "/v1", "--model", "m", "--json"}
		out, _, code := cli(t, lib, append(args, "How much paid leave?")...)
		if code != 1 || errorCode(t, out) != app.EEgressNotAcknowledged || len(remote.calls()) != 0 {
			t.Fatalf("unacknowledged: exit %d, %d calls: %s", code, len(remote.calls()), out)
		}
		if _, _, code := cli(t, lib, append(args, "--egress-ok", "How much paid leave?")...); code != 0 || len(remote.calls()) != 1 {
			t.Fatalf("--egress-ok: exit %d, %d calls", code, len(remote.calls()))
		}
		// Remembered: the next question needs no flag.
		if out, _, code := cli(t, lib, append(args, "How much paid leave?")...); code != 0 || len(remote.calls()) != 2 {
			t.Fatalf("stored acknowledgement: exit %d, %d calls: %s", code, len(remote.calls()), out)
		}
	})
}

// outsideAddress returns an address of this machine that is not loopback,
// so a local server counts as "outside" for the egress rule.
func outsideAddress(t *testing.T) string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skip("no interface addresses")
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP.String()
		}
	}
	t.Skip("this machine has no non-loopback IPv4 address")
	return ""
}

func TestCLIExport(t *testing.T) {
	lib := t.TempDir()
	pdfPath := filepath.Join(t.TempDir(), "survey.pdf")
	writePDF(t, pdfPath, "")
	if out, errOut, code := cli(t, lib, "import", pdfPath); code != 0 {
		t.Fatalf("import: %s%s", out, errOut)
	}
	out, _, code := cli(t, lib, "ask", "--json", "How deep will the channel be dredged?")
	var ans app.Answer
	if json.Unmarshal([]byte(out), &ans); code != 0 || len(ans.Citations) == 0 || len(ans.Citations[0].Rects) == 0 {
		t.Fatalf("ask: %s", out)
	}
	dest := filepath.Join(t.TempDir(), "evidence.pdf")
	out, errOut, code := cli(t, lib, "export", ans.TraceToken, dest)
	if code != 0 || !strings.HasPrefix(out, "wrote "+dest+": 2 pages") {
		t.Fatalf("export: exit %d %s%s", code, out, errOut)
	}
	data, err := os.ReadFile(dest)
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := api.ReadContext(bytes.NewReader(data), model.NewDefaultConfiguration())
	if err == nil {
		err = api.ValidateContext(ctx)
	}
	if err != nil || ctx.PageCount != 2 {
		t.Fatalf("exported PDF: %v, %d pages", err, ctx.PageCount)
	}
	annots, err := api.Annotations(bytes.NewReader(data), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(annots[2][model.AnnHighLight].Map); n != len(ans.Citations[0].Rects) {
		t.Fatalf("%d highlights on the cited page, want %d (one per quoted line)", n, len(ans.Citations[0].Rects))
	}
	if _, _, code := cli(t, lib, "export", "no-such-token", dest); code != 1 {
		t.Fatalf("unknown token: exit %d", code)
	}
	t.Run("PasswordProtectedIsListedNotCopied", func(t *testing.T) {
		lib := t.TempDir()
		locked := filepath.Join(t.TempDir(), "locked.pdf")
		writePDF(t, locked, "s3cret")
		if out, errOut, code := cli(t, lib, "import", "--password", "s3cret", locked); code != 0 {
			t.Fatalf("import: %s%s", out, errOut)
		}
		out, _, code := cli(t, lib, "ask", "--json", "How deep will the channel be dredged?")
		var ans app.Answer
		if json.Unmarshal([]byte(out), &ans); code != 0 || len(ans.Citations) == 0 {
			t.Fatalf("ask: %s", out)
		}
		out, errOut, code = cli(t, lib, "export", ans.TraceToken, dest)
		if code != 0 || !strings.Contains(out, ": 1 pages, 0 highlights") || !strings.Contains(out, "not copied: ") || !strings.Contains(out, "password-protected") {
			t.Fatalf("export: exit %d %s%s", code, out, errOut)
		}
		if strings.Contains(out+errOut, "s3cret") {
			t.Fatal("the password was printed")
		}
	})
}

func TestCLIReplayBounds(t *testing.T) {
	lib := t.TempDir()
	out, _, code := cli(t, lib, "replay", "--keep", "10", "--hours", "2")
	if code != 0 || out != "answers are kept for replay: the newest 10, for 2h0m0s\n" {
		t.Fatalf("exit %d %q", code, out)
	}
	if _, _, code := cli(t, lib, "replay", "--keep", "-1"); code != 1 {
		t.Fatalf("negative count: exit %d", code)
	}
	if _, _, code := cli(t, lib, "replay"); code != 2 {
		t.Fatalf("no token: exit %d", code)
	}
}
