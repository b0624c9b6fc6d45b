package vision

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"archivist/app"
	"archivist/retrieve/internal/endpoint"
)

// TestContent: without pictures a message's content is the plain string
// it always was, byte for byte; with them, the text, then each picture
// after the words that name it.
func TestContent(t *testing.T) {
	plain, _ := json.Marshal(map[string]any{"content": "Question?"})
	if got, _ := json.Marshal(map[string]any{"content": Content("Question?", nil)}); string(got) != string(plain) {
		t.Errorf("text alone: %s, want %s", got, plain)
	}
	got, _ := json.Marshal(Content("Question?", []app.Picture{{Label: "the figure on page 2", PNG: []byte{0x89, 'P', 'N', 'G'}}}))
	want := `[{"type":"text","text":"Question?"},{"type":"text","text":"the figure on page 2"},` +
		`{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw=="}}]`
	if string(got) != want {
		t.Errorf("with a picture:\n%s\nwant\n%s", got, want)
	}
}

// TestIsRefusal: a status that refuses what the request holds sends the
// question back to text; a failure of the endpoint itself does not.
func TestIsRefusal(t *testing.T) {
	for status, want := range map[int]bool{400: true, 413: true, 415: true, 422: true, 401: false, 404: false, 429: false, 500: false} {
		if got := IsRefusal(&endpoint.Error{Reason: endpoint.ReasonStatus, Status: status}); got != want {
			t.Errorf("HTTP %d: refusal %v, want %v", status, got, want)
		}
	}
	if IsRefusal(&endpoint.Error{Reason: endpoint.ReasonTimeout}) || IsRefusal(nil) {
		t.Error("a timeout or no error counted as a refusal")
	}
}

// TestSeesSetting: the person's yes and no are taken without asking the
// endpoint; a refusal overrides yes for the rest of the process.
func TestSeesSetting(t *testing.T) {
	e := Endpoint{Base: "http://127.0.0.1:1/v1", Model: "seen", Setting: app.ImagesYes, Role: "the answer model",
		Client: &http.Client{Transport: failing{}}}
	if ok, why := Sees(t.Context(), e); !ok || why != "" {
		t.Fatalf("yes: %v %q", ok, why)
	}
	e.Setting = app.ImagesNo
	if ok, why := Sees(t.Context(), e); ok || why != "" {
		t.Fatalf("no: %v %q", ok, why)
	}
	e.Setting = app.ImagesYes
	Refused(e)
	if ok, why := Sees(t.Context(), e); ok || why == "" {
		t.Fatalf("yes after a refusal: %v %q", ok, why)
	}
}

// failing is a transport that fails every call: the settings must not
// reach it.
type failing struct{}

func (failing) RoundTrip(*http.Request) (*http.Response, error) {
	panic("the endpoint was asked though the setting decides")
}

// TestSeesSaidAfterDetecting: an endpoint that did not say whether its
// model sees images is sent pictures once the person says it does; what
// it did not say is not held against the setting.
func TestSeesSaidAfterDetecting(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	e := Endpoint{Base: srv.URL + "/v1", Model: "unsaid", Role: "the answer model"}
	if ok, why := Sees(t.Context(), e); ok || why == "" {
		t.Fatalf("detect, not said: %v %q", ok, why)
	}
	e.Setting = app.ImagesYes
	if ok, why := Sees(t.Context(), e); !ok || why != "" {
		t.Fatalf("yes after the endpoint did not say: %v %q", ok, why)
	}
}
