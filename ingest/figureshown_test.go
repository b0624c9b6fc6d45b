package ingest_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
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
)

// TestFigureShownToModel: the whole way from a PDF to a model that sees
// images — the picture's print is read at import, a question about the
// figure finds it, and the answer model is sent the figure cut from its
// page at its box (not the page), after the sources' text.
func TestFigureShownToModel(t *testing.T) {
	ctx := context.Background()
	im := newImporter(t)
	im.OCR.Path = needTesseract(t)
	path := write(t, t.TempDir(), "letter.pdf", figurePDF(t))
	if r := importAll(t, im, path)["letter.pdf"]; r.Outcome != app.OutcomeImported {
		t.Fatalf("import: %v %v", r.Outcome, r.Err)
	}
	if n, err := im.ReadWaitingPictures(ctx); err != nil || n != 1 {
		t.Fatalf("ReadWaitingPictures = %d, %v", n, err)
	}
	var mu sync.Mutex
	var images []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct {
			Messages []struct {
				Content json.RawMessage `json:"content"`
			} `json:"messages"`
		}
		json.Unmarshal(body, &req)
		for _, m := range req.Messages {
			var parts []struct {
				Type     string `json:"type"`
				ImageURL struct {
					URL string `json:"url"`
				} `json:"image_url"`
			}
			if json.Unmarshal(m.Content, &parts) == nil {
				for _, p := range parts {
					if p.Type == "image_url" {
						mu.Lock()
						images = append(images, p.ImageURL.URL)
						mu.Unlock()
					}
				}
			}
		}
		reply, _ := json.Marshal(map[string]any{"answer": "412 vessels [1].", "sufficient": true, "citations": []int{1}})
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": string(reply)}}}})
	}))
	defer srv.Close()
	r := retrieve.NewResearch(im.DB, &answer.OpenAI{BaseURL: srv.URL + "/v1", Model: "m", Images: app.ImagesYes},
		func() string { return "figure-shown" })
	r.Figures = im
	if _, err := r.Ask(ctx, app.Question{Text: "How many vessels does the figure show?"}); err != nil {
		t.Fatal(err)
	}
	if len(images) != 1 {
		t.Fatalf("%d images sent, want the figure's", len(images))
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(images[0], "data:image/png;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("the image sent is no PNG: %v", err)
	}
	// The picture is 468 × 275 pt on a 612 × 792 pt page; with its margin
	// of 2% of the page on each side the crop is about 1.59 times as wide
	// as high — the whole page would be 0.77.
	b := img.Bounds()
	if ratio := float64(b.Dx()) / float64(b.Dy()); ratio < 1.45 || ratio > 1.75 {
		t.Errorf("crop %v, ratio %.2f: not the figure's box", b, ratio)
	}
}
