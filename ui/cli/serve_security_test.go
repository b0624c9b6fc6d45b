package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"archivist/ui/api"
)

// Each refusal of the package doc, over real HTTP.
func TestAPISecurityRefusals(t *testing.T) {
	lib, _ := handbookLibrary(t)
	allowed := t.TempDir()
	f := newAPIFixture(t, lib, func(c *api.Config) {
		c.ImportFolders = []string{allowed}
		c.CORSOrigins = []string{"http://localhost:3000"}
	})
	t.Run("NoToken", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/documents", "", "Authorization", "")
		wantError(t, resp, body, 401, "unauthorized")
		if !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("WWW-Authenticate %q", resp.Header.Get("WWW-Authenticate"))
		}
	})
	t.Run("WrongToken", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/documents", "", "Authorization", "Bearer "+strings.Repeat("f", 64))
		wantError(t, resp, body, 401, "unauthorized")
	})
	t.Run("TokenNotBearer", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/documents", "", "Authorization", "Basic "+testToken)
		wantError(t, resp, body, 401, "unauthorized")
	})
	t.Run("EvenTheOpenAPIDocumentNeedsTheToken", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/openapi.json", "", "Authorization", "")
		wantError(t, resp, body, 401, "unauthorized")
	})
	t.Run("ForeignHostHeader", func(t *testing.T) {
		// DNS rebinding: a page on attacker.example resolves its name to
		// 127.0.0.1; the browser still sends its own name as Host.
		for _, host := range []string{"attacker.example", "attacker.example:8765", "127.0.0.1.nip.io", "192.168.1.5:8765"} {
			resp, body := f.do("GET", "/v1/documents", "", "Host", host)
			wantError(t, resp, body, 403, "forbidden")
		}
		for _, host := range []string{"localhost:8765", "127.0.0.1", "[::1]:8765", "LOCALHOST"} {
			if resp, body := f.do("GET", "/v1/documents", "", "Host", host); resp.StatusCode != 200 {
				t.Errorf("Host %s: %d %s", host, resp.StatusCode, body)
			}
		}
	})
	t.Run("ForeignOrigin", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/documents", "", "Origin", "https://attacker.example")
		wantError(t, resp, body, 403, "forbidden")
		if resp.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Error("CORS header sent to a foreign origin")
		}
	})
	t.Run("ConfiguredOriginGetsCORS", func(t *testing.T) {
		resp, body := f.do("OPTIONS", "/v1/query", "", "Origin", "http://localhost:3000", "Authorization", "")
		if resp.StatusCode != 204 || resp.Header.Get("Access-Control-Allow-Origin") != "http://localhost:3000" {
			t.Errorf("preflight: %d %v %s", resp.StatusCode, resp.Header, body)
		}
		resp, _ = f.do("GET", "/v1/documents", "", "Origin", "http://localhost:3000")
		if resp.StatusCode != 200 || resp.Header.Get("Access-Control-Allow-Origin") != "http://localhost:3000" {
			t.Errorf("GET from the origin: %d %v", resp.StatusCode, resp.Header)
		}
	})
	t.Run("NoCORSWithoutOrigin", func(t *testing.T) {
		resp, _ := f.do("GET", "/v1/documents", "")
		if resp.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Error("CORS header without an Origin")
		}
	})
	t.Run("PathOutsideAllowedFolders", func(t *testing.T) {
		outside := filepath.Join(t.TempDir(), "secret.md")
		os.WriteFile(outside, []byte("# Secret\n\nkeys"), 0o644)
		for _, path := range []string{outside, "/etc/passwd", filepath.Join(allowed, "..", filepath.Base(filepath.Dir(outside)))} {
			body, _ := json.Marshal(api.ImportRequest{Path: path})
			resp, data := f.do("POST", "/v1/import", string(body))
			wantError(t, resp, data, 403, "forbidden")
		}
		resp, data := f.do("POST", "/v1/import", `{"path": "relative/file.md"}`)
		wantError(t, resp, data, 400, "invalid")
		resp, data = f.do("POST", "/v1/import", `{"path": "`+filepath.Join(allowed, "missing.md")+`"}`)
		wantError(t, resp, data, 404, "not_found")
	})
	t.Run("LinkOutOfAllowedFolder", func(t *testing.T) {
		if runtime.GOOS == "windows" {
			t.Skip("symbolic links need privileges on Windows")
		}
		outside := filepath.Join(t.TempDir(), "secret.md")
		os.WriteFile(outside, []byte("# Secret\n\nkeys"), 0o644)
		sub := filepath.Join(allowed, "linked")
		os.Mkdir(sub, 0o755)
		if err := os.Symlink(outside, filepath.Join(sub, "secret.md")); err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(sub)
		for _, path := range []string{filepath.Join(sub, "secret.md"), sub} {
			body, _ := json.Marshal(api.ImportRequest{Path: path})
			resp, data := f.do("POST", "/v1/import", string(body))
			wantError(t, resp, data, 403, "forbidden")
		}
	})
	t.Run("PathImportsOffByDefault", func(t *testing.T) {
		g := newAPIFixture(t, t.TempDir(), nil)
		body, _ := json.Marshal(api.ImportRequest{Path: allowed})
		resp, data := g.do("POST", "/v1/import", string(body))
		wantError(t, resp, data, 403, "forbidden")
	})
	t.Run("UploadTooLarge", func(t *testing.T) {
		g := newAPIFixture(t, t.TempDir(), func(c *api.Config) { c.MaxUploadBytes = 4 << 10 })
		resp, data := upload(t, g, "big.txt", bytes.Repeat([]byte("words "), 2000))
		wantError(t, resp, data, 413, "too_large")
	})
}

// A connection from an address that is not loopback is refused unless the
// server was started to accept them.
func TestAPIRefusesNonLoopbackPeer(t *testing.T) {
	ip := outsideAddress(t)
	lib := t.TempDir()
	p, err := open(context.Background(), lib)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for _, allowRemote := range []bool{false, true} {
		s := api.New(api.Config{Token: testToken, AllowRemote: allowRemote, AllowedHosts: []string{ip}}, api.Parts{Research: p.apiParts().Research, Library: p.apiLibrary()})
		ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
		if err != nil {
			t.Skipf("cannot listen on %s: %v", ip, err)
		}
		hs := &http.Server{Handler: s.Handler()}
		go hs.Serve(ln)
		req, _ := http.NewRequest("GET", "http://"+ln.Addr().String()+"/v1/documents", nil)
		req.Header.Set("Authorization", "Bearer "+testToken)
		resp, body := send(t, req)
		if allowRemote {
			if resp.StatusCode != 200 {
				t.Errorf("with AllowRemote: %d %s", resp.StatusCode, body)
			}
		} else {
			wantError(t, resp, body, 403, "forbidden")
		}
		hs.Close()
		s.Close()
	}
}

// upload posts one file as multipart/form-data to /v1/import.
func upload(t *testing.T, f *apiFixture, name string, data []byte) (*http.Response, []byte) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write(data)
	mw.Close()
	req, _ := http.NewRequest("POST", f.url+"/v1/import", &buf)
	req.Header.Set("Authorization", "Bearer "+f.token)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return send(t, req)
}

// waitJob polls a job until it is done or failed.
func waitJob(t *testing.T, f *apiFixture, id string) api.Job {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, body := f.do("GET", "/v1/jobs/"+id, "")
		if resp.StatusCode != 200 {
			t.Fatalf("job: %d %s", resp.StatusCode, body)
		}
		var out struct{ Job api.Job }
		json.Unmarshal(body, &out)
		if out.Job.State == "done" || out.Job.State == "failed" {
			return out.Job
		}
		if time.Now().After(deadline) {
			t.Fatalf("job still %s", out.Job.State)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestAPIDocumentsImportSearch(t *testing.T) {
	lib, ids := handbookLibrary(t)
	shown, _, code := cli(t, lib, "show", "--json", ids["survey"])
	if code != 0 {
		t.Fatal("show failed")
	}
	allowed := t.TempDir()
	f := newAPIFixture(t, lib, func(c *api.Config) { c.ImportFolders = []string{allowed} })

	t.Run("List", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/documents", "")
		var out struct {
			Documents []api.DocumentSummary
			Total     int
		}
		if json.Unmarshal(body, &out); resp.StatusCode != 200 || out.Total != 2 || len(out.Documents) != 2 {
			t.Fatalf("%d %s", resp.StatusCode, body)
		}
		resp, body = f.do("GET", "/v1/documents?limit=1&offset=1", "")
		json.Unmarshal(body, &out)
		if len(out.Documents) != 1 || out.Total != 2 {
			t.Errorf("page of one: %s", body)
		}
	})
	t.Run("OneWithSectionTreeAsShowPrints", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/documents/"+ids["survey"], "")
		if resp.StatusCode != 200 {
			t.Fatalf("%d %s", resp.StatusCode, body)
		}
		var d api.DocumentDetail
		json.Unmarshal(body, &d)
		if d.Document.ID != ids["survey"] || len(d.Pages) != 2 || len(d.Sections) == 0 {
			t.Errorf("detail %s", body)
		}
		var a, b any
		json.Unmarshal(body, &a)
		json.Unmarshal([]byte(shown), &b)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			t.Errorf("differs from show --json:\n%s\n%s", ja, jb)
		}
	})
	t.Run("Original", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/documents/"+ids["handbook"]+"/original", "")
		if resp.StatusCode != 200 || string(body) != handbook {
			t.Fatalf("%d %q", resp.StatusCode, body)
		}
		if cd := resp.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") || !strings.Contains(cd, "handbook.md") {
			t.Errorf("Content-Disposition %q", cd)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/markdown") {
			t.Errorf("Content-Type %q", ct)
		}
	})
	t.Run("PageTextAndImage", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/documents/"+ids["survey"]+"/pages/2", "")
		var pg api.PageResponse
		if json.Unmarshal(body, &pg); resp.StatusCode != 200 || pg.Page != 2 || pg.Pages != 2 || !strings.Contains(pg.Text, "11 metres") {
			t.Fatalf("%d %s", resp.StatusCode, body)
		}
		resp, body = f.do("GET", "/v1/documents/"+ids["survey"]+"/pages/2/image", "")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" || !bytes.HasPrefix(body, []byte("\x89PNG")) {
			t.Fatalf("image: %d %s %.40q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		for path, want := range map[string]int{
			"/v1/documents/" + ids["survey"] + "/pages/3":         404,
			"/v1/documents/" + ids["survey"] + "/pages/0":         400,
			"/v1/documents/" + ids["survey"] + "/pages/x/image":   400,
			"/v1/documents/" + ids["handbook"] + "/pages/1":       415,
			"/v1/documents/" + ids["handbook"] + "/pages/1/image": 415,
			"/v1/documents/nope/pages/1":                          404,
		} {
			if resp, body := f.do("GET", path, ""); resp.StatusCode != want {
				t.Errorf("%s: %d, want %d: %s", path, resp.StatusCode, want, body)
			}
		}
	})
	t.Run("UploadQueuesAJob", func(t *testing.T) {
		resp, body := upload(t, f, "minutes.md", []byte("# Board minutes\n\nThe board approved the lighthouse budget of 3 million."))
		if resp.StatusCode != 202 {
			t.Fatalf("%d %s", resp.StatusCode, body)
		}
		var out struct{ Job api.Job }
		json.Unmarshal(body, &out)
		if out.Job.ID == "" || (out.Job.State != "queued" && out.Job.State != "running") || resp.Header.Get("Location") != "/v1/jobs/"+out.Job.ID {
			t.Fatalf("job %s", body)
		}
		j := waitJob(t, f, out.Job.ID)
		if j.State != "done" || len(j.Results) != 1 || j.Results[0].Outcome != "imported" || j.Results[0].File != "minutes.md" || j.FilesDone != 1 {
			t.Fatalf("job %+v", j)
		}
		resp, body = f.do("GET", "/v1/documents/"+j.Results[0].DocumentID, "")
		if resp.StatusCode != 200 || !strings.Contains(string(body), "Board minutes") {
			t.Errorf("imported document: %d %s", resp.StatusCode, body)
		}
		// The same bytes again: a duplicate, said so.
		_, body = upload(t, f, "minutes-again.md", []byte("# Board minutes\n\nThe board approved the lighthouse budget of 3 million."))
		json.Unmarshal(body, &out)
		if j := waitJob(t, f, out.Job.ID); j.Results[0].Outcome != "duplicate" {
			t.Errorf("re-upload %+v", j)
		}
		// A file that is not a document fails with its reason, in its job.
		_, body = upload(t, f, "noise.bin", []byte{0, 1, 2, 3, 0xff, 0xfe, 0, 0})
		json.Unmarshal(body, &out)
		if j := waitJob(t, f, out.Job.ID); j.State != "done" || j.Results[0].Outcome != "failed" || j.Results[0].Error == "" {
			t.Errorf("bad upload %+v", j)
		}
		resp, body = f.do("GET", "/v1/jobs", "")
		var list struct{ Jobs []api.Job }
		json.Unmarshal(body, &list)
		if resp.StatusCode != 200 || len(list.Jobs) != 3 || list.Jobs[0].ID != out.Job.ID {
			t.Errorf("jobs, newest first: %s", body)
		}
	})
	t.Run("PathImportFromAllowedFolder", func(t *testing.T) {
		sub := filepath.Join(allowed, "notes")
		os.MkdirAll(sub, 0o755)
		os.WriteFile(filepath.Join(sub, "tides.txt"), []byte("Tide tables\n\nThe neap tide was 1.8 metres at the pier."), 0o644)
		os.WriteFile(filepath.Join(sub, ".hidden.txt"), []byte("hidden"), 0o644)
		body, _ := json.Marshal(api.ImportRequest{Path: allowed})
		resp, data := f.do("POST", "/v1/import", string(body))
		if resp.StatusCode != 202 {
			t.Fatalf("%d %s", resp.StatusCode, data)
		}
		var out struct{ Job api.Job }
		json.Unmarshal(data, &out)
		j := waitJob(t, f, out.Job.ID)
		if j.State != "done" || len(j.Results) != 1 || j.Results[0].Outcome != "imported" {
			t.Errorf("job %+v", j)
		}
	})
	t.Run("SearchRanksDocuments", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/search?q=dredging+channel", "")
		var out api.SearchResponse
		if json.Unmarshal(body, &out); resp.StatusCode != 200 || len(out.Documents) == 0 {
			t.Fatalf("%d %s", resp.StatusCode, body)
		}
		if h := out.Documents[0]; h.DocumentID != ids["survey"] || !strings.Contains(h.Snippet, "channel") || h.PageStart != 2 {
			t.Errorf("first hit %+v", h)
		}
		resp, body = f.do("GET", "/v1/search?q=zzzunheardof", "")
		if json.Unmarshal(body, &out); resp.StatusCode != 200 || len(out.Documents) != 0 {
			t.Errorf("no match: %d %s", resp.StatusCode, body)
		}
	})
	t.Run("OpenAPINamesEveryRoute", func(t *testing.T) {
		resp, body := f.do("GET", "/v1/openapi.json", "")
		var doc struct {
			OpenAPI string                               `json:"openapi"`
			Paths   map[string]map[string]map[string]any `json:"paths"`
		}
		if err := json.Unmarshal(body, &doc); err != nil || resp.StatusCode != 200 || !strings.HasPrefix(doc.OpenAPI, "3.1") {
			t.Fatalf("%d %v %.200s", resp.StatusCode, err, body)
		}
		served := map[string]bool{}
		for _, r := range api.Routes() {
			served[strings.ToLower(r.Method)+" "+r.Path] = true
			if _, ok := doc.Paths[r.Path][strings.ToLower(r.Method)]; !ok {
				t.Errorf("%s %s is served but not in the OpenAPI document", r.Method, r.Path)
			}
		}
		for path, ops := range doc.Paths {
			for method := range ops {
				if !served[method+" "+path] {
					t.Errorf("the OpenAPI document names %s %s, which is not served", method, path)
				}
			}
		}
		// Every listed route really is served (not the catch-all 404).
		for _, r := range api.Routes() {
			path := strings.ReplaceAll(strings.ReplaceAll(r.Path, "{id}", ids["survey"]), "{n}", "1")
			resp, body := f.do(r.Method, path, "")
			if resp.StatusCode == 404 && strings.Contains(string(body), "No such endpoint") {
				t.Errorf("%s %s falls through to the catch-all", r.Method, r.Path)
			}
		}
	})
}
