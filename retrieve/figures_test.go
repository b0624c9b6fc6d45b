package retrieve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"archivist/app"
	"archivist/retrieve"
	"archivist/retrieve/answer"
	"archivist/retrieve/jev"
	"archivist/retrieve/route"
)

// seeingServer is an Ollama server as Archivist reaches it: the
// OpenAI-compatible chat completions under /v1 — an answer, or a label
// with logprobs when the request asks for them (the decision provider) —
// and the model's capabilities at /api/show. refuse makes it answer a
// request holding an image with HTTP 400, as a server whose model takes
// no images does.
type seeingServer struct {
	mu           sync.Mutex
	capabilities []string // nil: /api/show is not found
	refuse       bool
	shows        int
	chats        []map[string]any
	srv          *httptest.Server
}

func newSeeingServer(t *testing.T, capabilities []string, refuse bool) *seeingServer {
	s := &seeingServer{capabilities: capabilities, refuse: refuse}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		defer s.mu.Unlock()
		switch r.URL.Path {
		case "/api/show":
			s.shows++
			var req struct{ Model string }
			if json.Unmarshal(body, &req) != nil || req.Model != "m" || s.capabilities == nil {
				http.NotFound(w, r)
				return
			}
			json.NewEncoder(w).Encode(map[string]any{"capabilities": s.capabilities, "details": map[string]any{"family": "gemma3"}})
		case "/v1/chat/completions":
			var req map[string]any
			json.Unmarshal(body, &req)
			s.chats = append(s.chats, req)
			if s.refuse && len(imagesOf(req)) > 0 {
				http.Error(w, `{"error":{"message":"image input is not supported by this model"}}`, http.StatusBadRequest)
				return
			}
			if req["logprobs"] == true {
				json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"logprobs": map[string]any{
					"content": []any{map[string]any{"token": "3", "logprob": -0.1, "top_logprobs": []any{
						map[string]any{"token": "3", "logprob": -0.1}, map[string]any{"token": "2", "logprob": -2.5}}}}}}}})
				return
			}
			json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": modelReply("The chart shows 530 for 2020 [1].", 1)}}}})
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(s.srv.Close)
	return s
}

// imagesOf returns the data URLs of a chat request's image parts, and
// checks that each follows a text part naming it.
func imagesOf(req map[string]any) []string {
	var out []string
	msgs, _ := req["messages"].([]any)
	for _, m := range msgs {
		parts, ok := m.(map[string]any)["content"].([]any)
		if !ok {
			continue
		}
		for _, p := range parts {
			p := p.(map[string]any)
			if p["type"] == "image_url" {
				out = append(out, p["image_url"].(map[string]any)["url"].(string))
			}
		}
	}
	return out
}

func (s *seeingServer) requests() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.chats...)
}

// cropper cuts every figure as one small PNG, and records what it was
// asked: the pixels themselves come from ingest's CropFigure, tested
// there on real PDFs.
type cropper struct {
	mu    sync.Mutex
	calls []string
	png   []byte
}

func newCropper(t *testing.T) *cropper {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 4, 3))); err != nil {
		t.Fatal(err)
	}
	return &cropper{png: buf.Bytes()}
}

func (c *cropper) CropFigure(_ context.Context, docID, sha256 string, box app.Rect) ([]byte, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls = append(c.calls, docID+"@"+sha256)
	return c.png, false, nil
}

func (c *cropper) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.calls)
}

const (
	chartQuestion = "What tonnage does the chart show for 2020?"
	textQuestion  = "What tonnage was handled in 2020?"
)

// TestFiguresShownToAnswerModel: an answer model that says it sees images
// is sent the crop of each figure its sources quote, after the text, at
// most four; a question on the text alone is sent text as before; a model
// that does not say, or refuses, is answered from the text with a note.
func TestFiguresShownToAnswerModel(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	addPictureDoc(t, db)
	tokens := newTokens("fig")
	research := func(srv *seeingServer, images string, crop *cropper) *retrieve.Research {
		r := retrieve.NewResearch(db, &answer.OpenAI{BaseURL: srv.srv.URL + "/v1", Model: "m", Images: images}, tokens)
		r.Figures = crop
		return r
	}

	t.Run("Detected", func(t *testing.T) {
		srv, crop := newSeeingServer(t, []string{"completion", "vision"}, false), newCropper(t)
		r := research(srv, app.ImagesDetect, crop)
		ans, err := r.Ask(ctx, app.Question{Text: chartQuestion})
		if err != nil || !ans.Sufficient {
			t.Fatalf("answer %+v, %v", ans, err)
		}
		reqs := srv.requests()
		imgs := imagesOf(reqs[len(reqs)-1])
		if len(imgs) != 1 || !strings.HasPrefix(imgs[0], "data:image/png;base64,") {
			t.Fatalf("images sent: %v; %s", imgs, fmtJSON(t, reqs[len(reqs)-1]))
		}
		if !strings.Contains(fmtJSON(t, reqs[len(reqs)-1]), "SOURCE [1], the figure on page 1") {
			t.Errorf("the picture is not named by its source: %s", fmtJSON(t, reqs[len(reqs)-1]))
		}
		if len(crop.calls) != 1 || crop.calls[0] != "h@h-sha" {
			t.Errorf("crops asked: %v", crop.calls)
		}
		if len(ans.Notes) != 0 || !strings.Contains(strings.Join(ans.Why, "\n"), "The answer model was shown 1 figure cut from") {
			t.Errorf("notes: %v; why: %v", ans.Notes, ans.Why)
		}
		// A question on the text: the request is text, nothing is cut,
		// and the endpoint is not asked again.
		before := crop.count()
		if _, err := r.Ask(ctx, app.Question{Text: textQuestion}); err != nil {
			t.Fatal(err)
		}
		reqs = srv.requests()
		if _, ok := reqs[len(reqs)-1]["messages"].([]any)[1].(map[string]any)["content"].(string); !ok {
			t.Errorf("a text question's content is not plain text: %s", fmtJSON(t, reqs[len(reqs)-1]))
		}
		if crop.count() != before || srv.shows != 1 {
			t.Errorf("crops %d → %d, capability calls %d", before, crop.count(), srv.shows)
		}
	})
	t.Run("NotSaid", func(t *testing.T) {
		srv, crop := newSeeingServer(t, nil, false), newCropper(t)
		ans, err := research(srv, app.ImagesDetect, crop).Ask(ctx, app.Question{Text: chartQuestion})
		if err != nil || !ans.Sufficient {
			t.Fatalf("answer %+v, %v", ans, err)
		}
		if n := len(imagesOf(srv.requests()[0])); n != 0 || crop.count() != 0 {
			t.Errorf("%d images sent, %d crops, to a model that does not say it sees", n, crop.count())
		}
		if len(ans.Notes) != 1 || !strings.Contains(ans.Notes[0], "does not say whether m sees images") {
			t.Errorf("notes: %v", ans.Notes)
		}
	})
	t.Run("SaidNo", func(t *testing.T) {
		srv, crop := newSeeingServer(t, []string{"completion"}, false), newCropper(t)
		ans, err := research(srv, app.ImagesDetect, crop).Ask(ctx, app.Question{Text: chartQuestion})
		if err != nil || len(imagesOf(srv.requests()[0])) != 0 {
			t.Fatalf("answer %+v, %v", ans, err)
		}
		if len(ans.Notes) != 1 || !strings.Contains(ans.Notes[0], "says m does not see images") {
			t.Errorf("notes: %v", ans.Notes)
		}
	})
	t.Run("SettingNo", func(t *testing.T) {
		srv, crop := newSeeingServer(t, []string{"vision"}, false), newCropper(t)
		ans, err := research(srv, app.ImagesNo, crop).Ask(ctx, app.Question{Text: chartQuestion})
		if err != nil || len(imagesOf(srv.requests()[0])) != 0 || srv.shows != 0 || len(ans.Notes) != 0 {
			t.Fatalf("answer %+v, %v; capability calls %d", ans, err, srv.shows)
		}
	})
	t.Run("Refused", func(t *testing.T) {
		srv, crop := newSeeingServer(t, nil, true), newCropper(t)
		r := research(srv, app.ImagesYes, crop)
		ans, err := r.Ask(ctx, app.Question{Text: chartQuestion})
		if err != nil || !ans.Sufficient {
			t.Fatalf("a refused picture failed the question: %+v, %v", ans, err)
		}
		reqs := srv.requests()
		if len(reqs) != 2 || len(imagesOf(reqs[0])) != 1 || len(imagesOf(reqs[1])) != 0 {
			t.Fatalf("want the question with its picture, then as text: %d requests", len(reqs))
		}
		if len(ans.Notes) != 1 || !strings.Contains(ans.Notes[0], "refused pictures") ||
			strings.Contains(strings.Join(ans.Why, "\n"), "was shown") {
			t.Errorf("notes: %v; why: %v", ans.Notes, ans.Why)
		}
		// Remembered: the next question goes as text at once.
		ans, err = r.Ask(ctx, app.Question{Text: chartQuestion})
		if err != nil || len(srv.requests()) != 3 || len(imagesOf(srv.requests()[2])) != 0 {
			t.Fatalf("after a refusal: %+v, %v, %d requests", ans, err, len(srv.requests()))
		}
	})
	t.Run("ConfidentialNeedsConsent", func(t *testing.T) {
		srv, crop := newSeeingServer(t, []string{"vision"}, false), newCropper(t)
		if err := db.SetSensitivity(ctx, "h", "confidential"); err != nil {
			t.Fatal(err)
		}
		defer db.SetSensitivity(ctx, "h", "normal")
		r := research(srv, app.ImagesYes, crop)
		if _, err := r.Ask(ctx, app.Question{Text: chartQuestion}); app.ErrorCode(err) != app.EConsentRequired {
			t.Fatalf("err = %v, want consent_required", err)
		}
		if len(srv.requests()) != 0 || crop.count() != 0 {
			t.Fatalf("%d requests, %d crops before consent", len(srv.requests()), crop.count())
		}
		if _, err := r.Ask(ctx, app.Question{Text: chartQuestion, Consent: true}); err != nil {
			t.Fatal(err)
		}
		if len(imagesOf(srv.requests()[0])) != 1 {
			t.Errorf("with consent, the picture was not sent")
		}
	})
}

// TestFiguresShownToDecisionProvider: a decision provider that sees
// images scores a picture passage with its figure's crop; one that
// refuses scores it from its text, and the reply says so.
func TestFiguresShownToDecisionProvider(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	addPictureDoc(t, db)
	tokens := newTokens("judge")
	research := func(srv *seeingServer, crop *cropper) *retrieve.Research {
		judge, err := jev.NewOpenAI(jev.HTTPConfig{BaseURL: srv.srv.URL + "/v1", Model: "m", Images: app.ImagesYes})
		if err != nil {
			t.Fatal(err)
		}
		r := retrieve.NewResearch(db, answer.Extractive{}, tokens)
		r.SetProviders(answer.Extractive{}, route.NewRouter(judge), "openai m")
		r.Figures = crop
		return r
	}
	scored := func(srv *seeingServer) (withImages, textOnly int) {
		for _, req := range srv.requests() {
			if req["logprobs"] != true {
				continue
			}
			if len(imagesOf(req)) > 0 {
				withImages++
			} else {
				textOnly++
			}
		}
		return
	}

	srv, crop := newSeeingServer(t, nil, false), newCropper(t)
	ans, _, tr, err := research(srv, crop).AskWith(ctx, app.Question{Text: chartQuestion}, retrieve.AskOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if with, _ := scored(srv); with == 0 || tr.Pictures != with || crop.count() != 1 {
		t.Fatalf("%d scoring requests with a picture, trace counts %d, %d crops", with, tr.Pictures, crop.count())
	}
	if !strings.Contains(strings.Join(ans.Why, "\n"), "figure pictures") || len(ans.Notes) != 0 {
		t.Errorf("why: %v; notes %v", ans.Why, ans.Notes)
	}
	// A text question: no picture passage is scored, nothing is cut.
	srv, crop = newSeeingServer(t, nil, false), newCropper(t)
	if _, err := research(srv, crop).Ask(ctx, app.Question{Text: textQuestion}); err != nil {
		t.Fatal(err)
	}
	if with, text := scored(srv); with != 0 || text == 0 || crop.count() != 0 {
		t.Fatalf("text question: %d with pictures, %d text, %d crops", with, text, crop.count())
	}

	srv, crop = newSeeingServer(t, nil, true), newCropper(t)
	ans, _, tr, err = research(srv, crop).AskWith(ctx, app.Question{Text: chartQuestion}, retrieve.AskOptions{})
	if err != nil {
		t.Fatalf("a refused picture failed the question: %v", err)
	}
	if tr.Pictures != 0 || len(ans.Notes) != 1 || !strings.Contains(ans.Notes[0], "The decision provider at") ||
		!strings.Contains(ans.Notes[0], "refused pictures") {
		t.Errorf("after a refusal: trace pictures %d, notes %v", tr.Pictures, ans.Notes)
	}
	if with, text := scored(srv); with != 1 || text == 0 {
		t.Errorf("want one refused request with a picture, then text: %d with, %d text", with, text)
	}
}

func fmtJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestShownPictures: the settings window's connection test says what the
// library finds out: sent as set, sent as the endpoint says, text only as
// the endpoint says or because it does not say, text only as set.
func TestShownPictures(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	for _, c := range []struct {
		capabilities []string
		setting      string
		want         string
	}{
		{[]string{"completion", "vision"}, app.ImagesDetect, "the endpoint says m sees images"},
		{[]string{"completion"}, app.ImagesDetect, "Pictures: text only. The model at"},
		{nil, app.ImagesDetect, "does not say whether m sees images"},
		{nil, app.ImagesYes, "figures are sent with the text, as set"},
		{[]string{"vision"}, app.ImagesNo, "Pictures: text only, as set."},
	} {
		srv := newSeeingServer(t, c.capabilities, false)
		got := retrieve.ShownPictures(ctx, app.ProviderSettings{Kind: app.ProviderOpenAI, URL: srv.srv.URL + "/v1", Model: "m", Images: c.setting}, "", false, db)
		if !strings.Contains(got, c.want) {
			t.Errorf("capabilities %v, setting %q: %q, want it to hold %q", c.capabilities, c.setting, got, c.want)
		}
	}
	if got := retrieve.ShownPictures(ctx, app.ProviderSettings{Kind: app.ProviderLocal}, "", false, db); got != "" {
		t.Errorf("the local provider: %q", got)
	}
}
