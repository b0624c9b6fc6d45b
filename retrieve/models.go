package retrieve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"archivist/app"
	"archivist/retrieve/internal/endpoint"
	"archivist/retrieve/internal/vision"
)

// Bounds of a model listing.
const (
	modelsTimeout   = 10 * time.Second
	modelsBodyLimit = 1 << 20
	maxModels       = 200
)

// ListModels asks the OpenAI-compatible endpoint p names which models it
// serves, so settings can offer them to pick from: GET {base}/models (the
// OpenAI list), else Ollama's GET /api/tags at the same host. It returns the
// names sorted, or none (and no error) when the endpoint lists nothing in
// either format; the model field then stays free text. Egress as for
// TestAnswerer: nothing is recorded, and a listing sends no document text.
func ListModels(ctx context.Context, p app.ProviderSettings, key string, ack bool, egress EgressRecord) ([]string, error) {
	if strings.ToLower(strings.TrimSpace(p.Kind)) != app.ProviderOpenAI {
		return nil, nil
	}
	base, err := endpoint.Resolve(p.URL)
	if err != nil {
		return nil, app.Errorf(app.EInvalid, "The endpoint must be ollama, llamacpp or an http(s) URL without a user name, query or fragment.")
	}
	if !endpoint.IsLoopback(base) && !ack {
		if ok, err := egress.EgressAcknowledged(ctx, base); err != nil {
			return nil, err
		} else if !ok {
			return nil, app.Errorf(app.EEgressNotAcknowledged,
				"%s is not on this computer: acknowledge that document text may be sent there first.", endpoint.Host(base))
		}
	}
	get := func(url string) ([]byte, error) {
		_, body, err := endpoint.Do(ctx, endpoint.Call{Method: http.MethodGet, URL: url, Key: key, Timeout: modelsTimeout, Limit: modelsBodyLimit})
		return body, err
	}
	var names []string
	if body, err := get(base + "/models"); err == nil {
		var list struct {
			Data []struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		if json.Unmarshal(body, &list) == nil {
			for _, m := range list.Data {
				names = append(names, m.ID)
			}
		}
	} else if r, _, _ := endpoint.ReasonOf(err); r == endpoint.ReasonCancelled {
		return nil, app.Errorf(app.ECancelled, "The connection test was cancelled.")
	}
	if len(names) == 0 {
		origin := strings.TrimSuffix(base, "/v1")
		if body, err := get(origin + "/api/tags"); err == nil {
			var tags struct {
				Models []struct {
					Name string `json:"name"`
				} `json:"models"`
			}
			if json.Unmarshal(body, &tags) == nil {
				for _, m := range tags.Models {
					names = append(names, m.Name)
				}
			}
		}
	}
	return cleanNames(names), nil
}

// cleanNames drops empty and repeated names, sorts them, and keeps a menu's
// worth.
func cleanNames(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n != "" && !seen[n] && len(n) <= 200 {
			seen[n] = true
			out = append(out, n)
		}
	}
	sort.Strings(out)
	if len(out) > maxModels {
		out = out[:maxModels]
	}
	return out
}

// ShownPictures says, in words for the settings window's connection test,
// whether the provider p configures is shown pictures: as its Pictures
// setting says, else as the endpoint says (Ollama's model capabilities);
// "" for a provider that never is. Egress as for ListModels: the question
// sends the model's name and no document text.
func ShownPictures(ctx context.Context, p app.ProviderSettings, key string, ack bool, egress EgressRecord) string {
	if strings.ToLower(strings.TrimSpace(p.Kind)) != app.ProviderOpenAI {
		return ""
	}
	base, err := endpoint.Resolve(p.URL)
	if err != nil {
		return ""
	}
	if !endpoint.IsLoopback(base) && !ack {
		if ok, err := egress.EgressAcknowledged(ctx, base); err != nil || !ok {
			return ""
		}
	}
	model := strings.TrimSpace(p.Model)
	sees, why := vision.Sees(ctx, vision.Endpoint{Base: base, Model: model, Key: key, Setting: p.Images, Role: "the model"})
	switch {
	case sees && app.ImagesSetting(p.Images) == app.ImagesYes:
		return "Pictures: figures are sent with the text, as set."
	case sees:
		return fmt.Sprintf("Pictures: the endpoint says %s sees images; figures are sent with the text.", model)
	case why != "":
		return "Pictures: text only. " + why
	}
	return "Pictures: text only, as set."
}
