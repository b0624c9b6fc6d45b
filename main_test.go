package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"archivist/app"
	"archivist/ui/cli"
	"archivist/ui/desktop"
)

// run runs one command line through main's own wiring (the window aside).
func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cli.Run(context.Background(), args, cli.Env{Stdout: &out, Stderr: &errOut, Open: openLibrary,
		Window: func(context.Context, string) error { return errors.New("no window in this test") }})
	return out.String(), errOut.String(), code
}

const lease = `# Lease of the harbour office

The lease is signed on 3 March 2025 and expires on 31 December 2027.

## Rent

The Tenant pays a rent of 1,200 euros a month. The Harbour Master Office (HMO) keeps the keys.
`

// TestWiring: a library opened by main imports with what import derives —
// the dates and their roles, the abbreviations a document defines — and
// answers from it with a citation.
func TestWiring(t *testing.T) {
	lib := t.TempDir()
	src := filepath.Join(t.TempDir(), "lease.md")
	os.WriteFile(src, []byte(lease), 0o644)
	if out, errOut, code := run(t, "--library", lib, "import", src); code != 0 {
		t.Fatalf("import: exit %d: %s%s", code, out, errOut)
	}
	out, _, code := run(t, "--library", lib, "dates", "--json")
	var dates []struct{ Role, Value string }
	if code != 0 || json.Unmarshal([]byte(out), &dates) != nil {
		t.Fatalf("dates: exit %d: %s", code, out)
	}
	roles := map[string]string{}
	for _, d := range dates {
		roles[d.Value] = d.Role
	}
	if roles["2027-12-31"] != app.RoleExpires {
		t.Errorf("dates = %v, want 2027-12-31 read as the expiry", dates)
	}
	l, err := openLibrary(context.Background(), lib)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := l.DB.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	abbrevs, err := snap.AbbreviationsNaming(context.Background(), nil, []string{"hmo"})
	snap.Close()
	l.Close()
	if err != nil || len(abbrevs) != 1 || abbrevs[0].Long != "Harbour Master Office" {
		t.Errorf("abbreviations = %v, %v; want HMO learned at import", abbrevs, err)
	}
	out, _, code = run(t, "--library", lib, "ask", "--json", "How much is the rent?")
	var ans app.Answer
	if code != 0 || json.Unmarshal([]byte(out), &ans) != nil || len(ans.Citations) == 0 {
		t.Fatalf("ask: exit %d: %s", code, out)
	}
}

// TestHelpCreatesNothing: every command's -h, a usage error and the
// version are answered in an empty home without making a library there.
func TestHelpCreatesNothing(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	out, _, code := run(t, "help")
	if code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	var names []string
	for _, l := range strings.Split(out[strings.Index(out, "commands:"):], "\n")[1:] {
		if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(l, "  ") {
			names = append(names, f[0])
		}
	}
	if len(names) < 15 {
		t.Fatalf("help lists %d commands:\n%s", len(names), out)
	}
	for _, name := range names {
		for _, h := range []string{"-h", "--help"} {
			if out, errOut, code := run(t, name, h); code != 0 || !strings.HasPrefix(out, "usage: archivist") {
				t.Errorf("%s %s: exit %d: %q %q", name, h, code, out, errOut)
			}
		}
	}
	if _, _, code := run(t, "serve", "--no-such-flag"); code != 2 {
		t.Errorf("serve with an unknown flag: exit %d, want 2", code)
	}
	if _, _, code := run(t, "ask"); code != 2 {
		t.Errorf("ask without a question: exit %d, want 2", code)
	}
	if out, _, code := run(t, "--version"); code != 0 || !strings.HasPrefix(out, "Archivist ") {
		t.Errorf("--version: exit %d: %q", code, out)
	}
	var made []string
	filepath.Walk(home, func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			made = append(made, path)
		}
		return nil
	})
	if len(made) > 0 {
		t.Errorf("help and usage errors made files: %v", made)
	}
}

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
	content, _ := json.Marshal(map[string]any{"answer": "The rent is 1,200 euros a month [1].", "sufficient": true, "citations": []int{1}})
	json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{
		"finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": string(content)}}}})
}

func (c *chatServer) calls() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.bodies)
}

// remoteChat starts a chat endpoint on an address of this machine that is
// not loopback, so it counts as outside for the egress rule.
func remoteChat(t *testing.T) *chatServer {
	t.Helper()
	var ip string
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			ip = n.IP.String()
			break
		}
	}
	if ip == "" {
		t.Skip("this machine has no non-loopback IPv4 address")
	}
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
	src := filepath.Join(t.TempDir(), "lease.md")
	os.WriteFile(src, []byte(lease), 0o644)
	if _, _, code := run(t, "--library", lib, "import", src); code != 0 {
		t.Fatal("import failed")
	}
	window := func(f func(desktop.Providers)) {
		l, err := openLibrary(context.Background(), lib)
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		f(windowProviders(context.Background(), l))
	}
	settings := func(base string, tick bool) app.Settings {
		return app.Settings{Answer: app.ProviderSettings{Kind: app.ProviderOpenAI, URL: base, Model: "m"}, EgressAcknowledged: tick}
	}
	ask := func(base string, extra ...string) (string, int) {
		args := append([]string{"--library", lib, "ask", "--answerer", "openai", "--endpoint", base, "--model", "m", "--json"}, extra...)
		out, _, code := run(t, append(args, "How much is the rent?")...)
		return out, code
	}
	errorCode := func(out string) string {
		var e struct{ Error struct{ Code string } }
		json.Unmarshal([]byte(out), &e)
		return e.Error.Code
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
	if out, code := ask(baseA); code != 0 || a.calls() != 1 {
		t.Fatalf("ask after the window's acknowledgement: exit %d, %d calls: %s", code, a.calls(), out)
	}

	b := remoteChat(t)
	baseB := b.srv.URL + "/v1"
	if _, code := ask(baseB, "--egress-ok"); code != 0 || b.calls() != 1 {
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
	if out, code := ask(b.srv.URL + "/v2"); code != 1 || errorCode(out) != app.EEgressNotAcknowledged {
		t.Errorf("ask, new URL: exit %d: %s", code, out)
	}
}

// TestArchitecture checks every package's imports (as the shipped program
// is built: no build tags; -e lists the imports of packages whose cgo
// parts this test build cannot compile) against the table of
// docs/architecture.md: each package of the module is covered by a row,
// and imports of this module only what its row allows (or its own
// sub-packages).
func TestArchitecture(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	type rule struct {
		pattern string
		allowed []string
	}
	var rules []rule
	cell := regexp.MustCompile("`([^`]+)`")
	for _, line := range strings.Split(string(doc), "\n") {
		cols := strings.Split(line, "|")
		if len(cols) != 5 {
			continue
		}
		name := cell.FindStringSubmatch(cols[1])
		if name == nil || strings.TrimSpace(cols[1]) != name[0] {
			continue // the header, or a row of another table
		}
		r := rule{pattern: name[1]}
		for _, m := range cell.FindAllStringSubmatch(cols[3], -1) {
			r.allowed = append(r.allowed, m[1])
		}
		rules = append(rules, r)
	}
	if len(rules) < 10 {
		t.Fatalf("read %d rules from docs/architecture.md", len(rules))
	}
	matches := func(pattern, pkg string) bool {
		pkg = strings.TrimPrefix(strings.TrimPrefix(pkg, "archivist"), "/")
		if pkg == "" {
			pkg = "archivist"
		}
		if base, ok := strings.CutSuffix(pattern, "/..."); ok {
			return pkg == base || strings.HasPrefix(pkg, base+"/")
		}
		return pkg == pattern
	}
	out, err := exec.Command("go", "list", "-e", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := f[0]
		var r *rule
		for i := range rules {
			if matches(rules[i].pattern, pkg) && (r == nil || len(rules[i].pattern) > len(r.pattern)) {
				r = &rules[i]
			}
		}
		if r == nil {
			t.Errorf("%s: no row of docs/architecture.md covers it", pkg)
			continue
		}
		for _, imp := range f[1:] {
			if imp != "archivist" && !strings.HasPrefix(imp, "archivist/") {
				continue
			}
			ok := strings.HasPrefix(imp, pkg+"/") || matches(r.pattern, imp)
			for _, a := range r.allowed {
				ok = ok || matches(a, imp)
			}
			if !ok {
				t.Errorf("%s imports %s, which docs/architecture.md does not allow it (%s may import %v)", pkg, imp, r.pattern, r.allowed)
			}
		}
	}
}
