package dates_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"archivist/app"
	"archivist/ingest/dates"
	"archivist/retrieve/jev"
)

func TestLocalFollowsTheWordsAroundADate(t *testing.T) {
	got, err := dates.ChooseRoles(context.Background(), jev.Chooser{Provider: jev.Local{}}, []dates.RoleQuestion{
		{Context: "Please pay the premium of £412 by [DATE].", Cues: map[string]float64{app.RoleDue: 1}},
		{Context: "The weather was fine on [DATE].", Cues: map[string]float64{}},
	})
	if err != nil {
		t.Fatal(err)
	}
	best := func(d map[string]float64) string {
		b := ""
		for r, p := range d {
			if b == "" || p > d[b] {
				b = r
			}
		}
		return b
	}
	if best(got[0]) != app.RoleDue || best(got[1]) != app.NoRole {
		t.Fatalf("roles = %s, %s; want due, none", best(got[0]), best(got[1]))
	}
}

// A System One endpoint gets the dates four to a request (the protocol's
// bound on choice questions), each a menu of the roles plus none, and its
// distributions come back per date.
func TestSystemOneOverHTTP(t *testing.T) {
	var mu sync.Mutex
	var sizes []int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Questions map[string]struct {
				Criteria map[string]string `json:"criteria"`
			} `json:"questions"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		mu.Lock()
		sizes = append(sizes, len(req.Questions))
		mu.Unlock()
		answers := map[string]any{}
		for id, q := range req.Questions {
			if len(q.Criteria) != len(app.DateRoles)+1 {
				http.Error(w, "bad menu", http.StatusBadRequest)
				return
			}
			probs := map[string]float64{}
			for l := range q.Criteria {
				probs[l] = 0.05 / float64(len(q.Criteria)-1)
			}
			probs[app.RoleSigned] = 0.95
			answers[id] = map[string]any{"type": "choice", "choice": app.RoleSigned, "probabilities": probs}
		}
		json.NewEncoder(w).Encode(map[string]any{"answers": answers})
	}))
	defer srv.Close()
	p, err := jev.NewSystemOne(jev.HTTPConfig{BaseURL: srv.URL, Model: "m", Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	qs := make([]dates.RoleQuestion, 6)
	for i := range qs {
		qs[i] = dates.RoleQuestion{Context: fmt.Sprintf("Signed on [DATE] by witness %d.", i)}
	}
	got, err := dates.ChooseRoles(context.Background(), jev.Chooser{Provider: p}, qs)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 6 || got[5][app.RoleSigned] < 0.9 {
		t.Fatalf("distributions = %v", got)
	}
	if fmt.Sprint(sizes) != "[4 2]" {
		t.Errorf("request sizes = %v, want [4 2]", sizes)
	}

	t.Run("InvalidAnswerRejectsTheBatch", func(t *testing.T) {
		bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"answers":{"date1":{"type":"choice","choice":"birthday","probabilities":{"birthday":1}}}}`))
		}))
		defer bad.Close()
		p, _ := jev.NewSystemOne(jev.HTTPConfig{BaseURL: bad.URL, Timeout: 2 * time.Second})
		_, err := dates.ChooseRoles(context.Background(), jev.Chooser{Provider: p}, qs[:1])
		if app.ErrorCode(err) != app.EProviderFailure || !strings.Contains(err.Error(), "rejected") {
			t.Fatalf("err = %v", err)
		}
	})
}
