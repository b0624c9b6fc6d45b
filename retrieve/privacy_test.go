package retrieve_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
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

// chatRequest is the part of a chat-completions request the tests read.
type chatRequest struct {
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
}

// recorder is an OpenAI-compatible endpoint that records every request
// body and answers with reply(request) as the model's JSON content, or
// fails with status when it is set.
type recorder struct {
	mu     sync.Mutex
	bodies [][]byte
	reply  func(chatRequest) string
	status int
	srv    *httptest.Server
}

func newRecorder(t *testing.T, reply func(chatRequest) string) *recorder {
	rec := &recorder{reply: reply}
	rec.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rec.mu.Lock()
		rec.bodies = append(rec.bodies, body)
		status := rec.status
		rec.mu.Unlock()
		if status != 0 {
			http.Error(w, "failing on purpose", status)
			return
		}
		var req chatRequest
		json.Unmarshal(body, &req)
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{
			"finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": rec.reply(req)}}}})
	}))
	t.Cleanup(rec.srv.Close)
	return rec
}

func (rec *recorder) requests() [][]byte {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([][]byte(nil), rec.bodies...)
}

// last decodes the newest request.
func (rec *recorder) last(t *testing.T) chatRequest {
	t.Helper()
	bodies := rec.requests()
	if len(bodies) == 0 {
		t.Fatal("no request was made")
	}
	var req chatRequest
	if err := json.Unmarshal(bodies[len(bodies)-1], &req); err != nil {
		t.Fatal(err)
	}
	return req
}

func modelReply(text string, cited ...int) string {
	b, _ := json.Marshal(map[string]any{"answer": text, "sufficient": true, "citations": cited})
	return string(b)
}

// TestPrivacy: Confidential text never reaches a model or a remote
// decision provider without the conversation's consent, and the log hears
// counts and fixed reasons only.
func TestPrivacy(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	addDoc(t, db, doc{id: "omega", title: "Merger Plan Omega", order: []string{""}, sections: map[string][]string{
		"": {"Project Omega acquires Initech for 4.2 billion dollars in cash."}}})
	addDoc(t, db, doc{id: "cafe", title: "Cafeteria Notice", order: []string{""}, sections: map[string][]string{
		"": {"The cafeteria opens at eight and serves soup on Fridays."}}})
	if err := db.SetSensitivity(ctx, "omega", "confidential"); err != nil {
		t.Fatal(err)
	}
	secrets := []string{"Omega", "Initech", "4.2 billion"}
	rec := newRecorder(t, func(chatRequest) string { return modelReply("It is so [1].", 1) })
	var logged bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logged, nil))
	newResearch := func() *retrieve.Research {
		r := retrieve.NewResearch(db, &answer.OpenAI{BaseURL: rec.srv.URL + "/v1", Model: "m", APIKey: "sk-test-key",
			Observe: answer.LogStats(log)}, newTokens("privacy"))
		r.Log = log
		return r
	}
	r := newResearch()
	const secretQ = "How much does Project Omega pay for Initech?"
	const cafeQ = "When does the cafeteria open?"

	t.Run("ConfidentialEvidenceNeedsConsent", func(t *testing.T) {
		_, err := r.Ask(ctx, app.Question{Text: secretQ})
		if app.ErrorCode(err) != app.EConsentRequired {
			t.Fatalf("err = %v, want consent_required", err)
		}
		if n := len(rec.requests()); n != 0 {
			t.Fatalf("%d requests reached the model before consent", n)
		}
	})
	t.Run("OtherQuestionsSendNoConfidentialByte", func(t *testing.T) {
		ans, err := r.Ask(ctx, app.Question{Text: cafeQ})
		if err != nil || !ans.Sufficient {
			t.Fatalf("answer %+v, %v", ans, err)
		}
		if ans.Provider != "m at "+strings.TrimPrefix(rec.srv.URL, "http://") {
			t.Errorf("provider named %q", ans.Provider)
		}
		for _, body := range rec.requests() {
			for _, s := range secrets {
				if bytes.Contains(body, []byte(s)) {
					t.Fatalf("request carried %q:\n%s", s, body)
				}
			}
		}
	})
	t.Run("ConsentSends", func(t *testing.T) {
		before := len(rec.requests())
		ans, err := r.Ask(ctx, app.Question{Text: secretQ, Consent: true})
		if err != nil || !ans.Sufficient {
			t.Fatalf("answer %+v, %v", ans, err)
		}
		bodies := rec.requests()
		if len(bodies) != before+1 || !bytes.Contains(bodies[len(bodies)-1], []byte("Initech")) {
			t.Fatal("with consent the evidence was not sent")
		}
	})
	t.Run("LevelReadInsideTheQuestionsSnapshot", func(t *testing.T) {
		// Public now, then restricted: the check reads the level inside the
		// question's snapshot, not a cached one.
		db.SetSensitivity(ctx, "omega", "public")
		if _, err := r.Ask(ctx, app.Question{Text: secretQ}); err != nil {
			t.Fatalf("public document refused: %v", err)
		}
		db.SetSensitivity(ctx, "omega", "restricted")
		before := len(rec.requests())
		if _, err := r.Ask(ctx, app.Question{Text: secretQ}); app.ErrorCode(err) != app.EConsentRequired {
			t.Fatalf("restricted: err = %v", err)
		}
		if len(rec.requests()) != before {
			t.Fatal("restricted text sent without consent")
		}
	})
	t.Run("ExtractiveNeedsNoConsent", func(t *testing.T) {
		off := retrieve.NewResearch(db, answer.Extractive{}, newTokens("offline"))
		ans, err := off.Ask(ctx, app.Question{Text: secretQ})
		if err != nil || ans.Provider != "" {
			t.Fatalf("offline answer %+v, %v", ans, err)
		}
	})
	t.Run("RemoteJudgeNeedsConsent", func(t *testing.T) {
		judge := newRecorder(t, func(chatRequest) string { return "" })
		p, err := jev.NewSystemOne(jev.HTTPConfig{BaseURL: judge.srv.URL})
		if err != nil {
			t.Fatal(err)
		}
		off := retrieve.NewResearch(db, answer.Extractive{}, newTokens("judged"))
		off.SetProviders(answer.Extractive{}, route.NewRouter(p), "systemone at "+judge.srv.Listener.Addr().String())
		_, err = off.Ask(ctx, app.Question{Text: cafeQ})
		if app.ErrorCode(err) != app.EConsentRequired {
			t.Fatalf("err = %v, want consent_required", err)
		}
		if n := len(judge.requests()); n != 0 {
			t.Fatalf("%d requests reached the decision provider before consent", n)
		}
		// Scoped away from the restricted document, the question may go.
		_, err = off.Ask(ctx, app.Question{Text: cafeQ, Scope: app.Scope{DocumentIDs: []string{"cafe"}}})
		if app.ErrorCode(err) == app.EConsentRequired || len(judge.requests()) == 0 {
			t.Fatalf("public scope: err = %v after %d requests", err, len(judge.requests()))
		}
		for _, body := range judge.requests() {
			for _, s := range secrets {
				if bytes.Contains(body, []byte(s)) {
					t.Fatalf("decision request carried %q", s)
				}
			}
		}
	})
	t.Run("LogHoldsNoText", func(t *testing.T) {
		out := logged.String()
		if !strings.Contains(out, `"msg":"question"`) || !strings.Contains(out, `"msg":"completion"`) ||
			!strings.Contains(out, `"outcome":"consent_required"`) {
			t.Fatalf("log lacks the records:\n%s", out)
		}
		for _, s := range append(secrets, secretQ, cafeQ, "cafeteria", "Cafeteria", "Merger", "soup", "sk-test-key", "It is so") {
			if strings.Contains(out, s) {
				t.Fatalf("log holds %q:\n%s", s, out)
			}
		}
	})
}

func newTokens(prefix string) func() string {
	var mu sync.Mutex
	n := 0
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		n++
		return prefix + "-" + strings.Repeat("0", 3) + string(rune('a'+n%26)) + string(rune('a'+n/26%26))
	}
}

func TestNoEvidence(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	r := retrieve.NewResearch(db, answer.Extractive{}, newTokens("none"))
	_, err := r.Ask(ctx, app.Question{Text: "When is the lamp lit?"})
	if app.ErrorCode(err) != app.ENoEvidence || !strings.Contains(app.ErrorMessage(err), "the library") {
		t.Fatalf("empty library: %v", err)
	}
	addDoc(t, db, doc{id: "log", title: "Lighthouse Log", order: []string{""}, sections: map[string][]string{"": {"The lamp is lit at dusk."}}})
	_, err = r.Ask(ctx, app.Question{Text: "When is the lamp lit?", Scope: app.Scope{DocumentIDs: []string{"gone"}}})
	if app.ErrorCode(err) != app.ENoEvidence {
		t.Fatalf("scope of a missing document: %v", err)
	}
	// Documents in scope but nothing relevant: an answer, not an error.
	ans, err := r.Ask(ctx, app.Question{Text: "What is the warranty on batteries?"})
	if err != nil || ans.Sufficient {
		t.Fatalf("irrelevant question: %+v, %v", ans, err)
	}
}
