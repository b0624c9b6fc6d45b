package retrieve

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"archivist/app"
)

func TestListModels(t *testing.T) {
	ctx := context.Background()
	list := func(handler http.HandlerFunc) ([]string, error) {
		srv := httptest.NewServer(handler)
		defer srv.Close()
		return ListModels(ctx, app.ProviderSettings{Kind: app.ProviderOpenAI, URL: srv.URL + "/v1"}, "sk-1", false, &memEgress{})
	}
	t.Run("OpenAIList", func(t *testing.T) {
		got, err := list(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/v1/models" || r.Method != http.MethodGet || r.Header.Get("Authorization") != "Bearer sk-1" {
				http.NotFound(w, r)
				return
			}
			w.Write([]byte(`{"object":"list","data":[{"id":"qwen2.5:7b","object":"model"},{"id":"llama3.2","object":"model"},{"id":"llama3.2"}]}`))
		})
		if err != nil || !reflect.DeepEqual(got, []string{"llama3.2", "qwen2.5:7b"}) {
			t.Fatalf("models %q, %v", got, err)
		}
	})
	t.Run("OllamaTags", func(t *testing.T) {
		got, err := list(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/api/tags" {
				http.NotFound(w, r)
				return
			}
			w.Write([]byte(`{"models":[{"name":"mistral:latest","model":"mistral:latest","size":4109865159},{"name":"gemma3:4b"}]}`))
		})
		if err != nil || !reflect.DeepEqual(got, []string{"gemma3:4b", "mistral:latest"}) {
			t.Fatalf("models %q, %v", got, err)
		}
	})
	t.Run("ListsNone", func(t *testing.T) {
		got, err := list(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/v1/models" {
				w.Write([]byte(`{"data":[]}`))
				return
			}
			http.Error(w, "no", http.StatusNotFound)
		})
		if err != nil || len(got) != 0 {
			t.Fatalf("models %q, %v: want none and no error", got, err)
		}
	})
	t.Run("NotJSON", func(t *testing.T) {
		got, err := list(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<html>hello</html>")) })
		if err != nil || len(got) != 0 {
			t.Fatalf("models %q, %v", got, err)
		}
	})
	t.Run("RemoteNeedsAcknowledgement", func(t *testing.T) {
		_, err := ListModels(ctx, app.ProviderSettings{Kind: app.ProviderOpenAI, URL: "https://models.example.com/v1"}, "", false, &memEgress{})
		if app.ErrorCode(err) != app.EEgressNotAcknowledged {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("OtherKindsListNothing", func(t *testing.T) {
		if got, err := ListModels(ctx, app.ProviderSettings{Kind: app.ProviderSystemOne, URL: "http://localhost:1"}, "", false, &memEgress{}); err != nil || got != nil {
			t.Fatalf("systemone: %q, %v", got, err)
		}
	})
}
