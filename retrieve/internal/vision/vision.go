// Package vision is what the HTTP providers share to show a model
// pictures: whether an endpoint's model sees images (the person's setting,
// else the endpoint's own word, never a guess), the OpenAI-compatible
// content parts that carry them, and the refusal that sends a question
// back to text.
package vision

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"archivist/app"
	"archivist/retrieve/internal/endpoint"
)

// Endpoint is one provider as far as pictures go.
type Endpoint struct {
	Base    string // the resolved base URL, ".../v1" for Ollama
	Model   string
	Key     string
	Setting string // app.ImagesDetect, app.ImagesYes or app.ImagesNo
	Client  *http.Client
	// Role names the provider in notes: "the answer model", "the decision
	// provider".
	Role string
}

// verdict is what is known of one endpoint's model.
type verdict struct {
	sees bool
	why  string // when it does not: a note for the person
}

// known holds, for the process, what each endpoint said of its model
// (asked once); refused, the endpoints that refused pictures since, whose
// refusal outweighs the person's setting and the endpoint's word.
var known, refused sync.Map // key(e) → verdict

func key(e Endpoint) string { return e.Base + "\x00" + e.Model }

// Bounds of a capabilities call.
const (
	showTimeout = 10 * time.Second
	showLimit   = 1 << 20
)

// Sees reports whether e's model is shown pictures and, when it is not
// for a reason the person may want to change, a sentence saying why
// (Note makes it a reply's note). The
// person's setting decides; without one, the endpoint is asked once per
// process (Ollama's model capabilities, POST /api/show beside its /v1).
// An endpoint that does not say is sent text alone: a model that cannot
// see would be sent megabytes it ignores, or refuse the question.
func Sees(ctx context.Context, e Endpoint) (bool, string) {
	if app.ImagesSetting(e.Setting) == app.ImagesNo {
		return false, ""
	}
	if v, ok := refused.Load(key(e)); ok {
		return false, v.(verdict).why
	}
	if app.ImagesSetting(e.Setting) == app.ImagesYes {
		return true, ""
	}
	if v, ok := known.Load(key(e)); ok {
		return v.(verdict).sees, v.(verdict).why
	}
	v, final := ask(ctx, e)
	if final {
		known.Store(key(e), v)
	}
	return v.sees, v.why
}

// ask asks the endpoint which capabilities the model has. final is false
// when the question was cancelled, so the answer is not remembered.
func ask(ctx context.Context, e Endpoint) (verdict, bool) {
	unknown := verdict{why: fmt.Sprintf("%s at %s does not say whether %s sees images. "+
		"Set Pictures to “Send pictures” in Settings (ask --images yes) if it does.", upper(e.Role), endpoint.Host(e.Base), modelName(e))}
	body, err := json.Marshal(map[string]string{"model": e.Model})
	if err != nil || e.Model == "" {
		return unknown, true
	}
	origin := strings.TrimSuffix(strings.TrimRight(e.Base, "/"), "/v1")
	_, raw, err := endpoint.Do(ctx, endpoint.Call{Method: http.MethodPost, URL: origin + "/api/show", Body: body,
		Key: e.Key, Timeout: showTimeout, Limit: showLimit, Client: e.Client})
	if err != nil {
		if r, _, _ := endpoint.ReasonOf(err); r == endpoint.ReasonCancelled {
			return unknown, false
		}
		return unknown, true
	}
	var show struct {
		Capabilities *[]string `json:"capabilities"`
	}
	if json.Unmarshal(raw, &show) != nil || show.Capabilities == nil {
		return unknown, true
	}
	if slices.Contains(*show.Capabilities, "vision") {
		return verdict{sees: true}, true
	}
	return verdict{why: fmt.Sprintf("%s at %s says %s does not see images.",
		upper(e.Role), endpoint.Host(e.Base), modelName(e))}, true
}

func modelName(e Endpoint) string {
	if e.Model == "" {
		return "its model"
	}
	return e.Model
}

// Refused records that e refused a request because of its pictures: the
// process sends it text alone from now on, and says so.
func Refused(e Endpoint) string {
	why := fmt.Sprintf("%s at %s refused pictures; its answers use the text alone.", upper(e.Role), endpoint.Host(e.Base))
	refused.Store(key(e), verdict{why: why})
	return why
}

// Note is a reply's note on pictures not sent for the reason why; ""
// for none.
func Note(why string) string {
	if why == "" {
		return ""
	}
	return "Pictures were not sent. " + why
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// IsRefusal reports whether err is an endpoint's refusal of what a request
// holds (HTTP 400, 413, 415 or 422) — for a request with pictures, a model
// or server that takes no images. Other failures fail as they would
// without pictures.
func IsRefusal(err error) bool {
	r, status, ok := endpoint.ReasonOf(err)
	if !ok || r != endpoint.ReasonStatus {
		return false
	}
	switch status {
	case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnsupportedMediaType, http.StatusUnprocessableEntity:
		return true
	}
	return false
}

// Part is one OpenAI-compatible content part: text or an image.
type Part struct {
	Type     string    `json:"type"` // "text" or "image_url"
	Text     string    `json:"text,omitempty"`
	ImageURL *ImageURL `json:"image_url,omitempty"`
}

// ImageURL carries an image inline, as a data URL.
type ImageURL struct {
	URL string `json:"url"`
}

// Content is a user message's content: text alone, as a plain string
// (so a request without pictures is what it always was), or the text
// followed by each picture after the line that names it.
func Content(text string, pics []app.Picture) any {
	if len(pics) == 0 {
		return text
	}
	parts := []Part{{Type: "text", Text: text}}
	for _, p := range pics {
		parts = append(parts, Part{Type: "text", Text: p.Label},
			Part{Type: "image_url", ImageURL: &ImageURL{URL: "data:image/png;base64," + base64.StdEncoding.EncodeToString(p.PNG)}})
	}
	return parts
}
