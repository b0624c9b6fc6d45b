package cli

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ui/api"
)

// BenchmarkAPIQuery measures what the local API adds to a question's
// evidence: the same question on a FinanceBench filing through
// Research.Evidence in the process (the reference) and through POST
// /v1/query over loopback HTTP (checks, JSON, storing the trace).
//
//	CGO_ENABLED=0 go test -tags ci -run '^$' -bench BenchmarkAPIQuery -benchtime 20x .
func BenchmarkAPIQuery(b *testing.B) {
	lib, pdfID, _ := financeLibrary(b)
	p, err := open(context.Background(), lib)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	q := app.Question{Text: ultaQuestion, Scope: app.Scope{DocumentIDs: []string{pdfID}}}
	b.Run("Evidence", func(b *testing.B) {
		for b.Loop() {
			if _, err := p.Research.Evidence(context.Background(), q); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("HTTPQuery", func(b *testing.B) {
		s := api.New(api.Config{Token: testToken, NewID: uuid.NewString, Limit: api.NewRateLimiter(1<<20, 1<<20, nil)},
			p.apiParts())
		defer s.Close()
		srv := httptest.NewServer(s.Handler())
		defer srv.Close()
		body := `{"question": "` + ultaQuestion + `", "document_ids": ["` + pdfID + `"]}`
		for b.Loop() {
			req, _ := http.NewRequest("POST", srv.URL+"/v1/query", strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+testToken)
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil || resp.StatusCode != 200 {
				b.Fatalf("%v %v", err, resp)
			}
			resp.Body.Close()
		}
	})
}
