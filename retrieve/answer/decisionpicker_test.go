package answer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"archivist/retrieve/answer"
	"archivist/retrieve/jev"
)

const twoClaims = `{"answer":"The archive has 1,204 letters from the 1920s [1]. In the 1930s there were 2,877 letters from 540 senders [1].","sufficient":true,"citations":[1]}`

func TestDecisionPickerLocal(t *testing.T) {
	ev := pdfEvidence()
	cits, err := answer.Pincite(context.Background(), ev, reply(t, twoClaims, 1), answer.DecisionPicker{Provider: jev.Local{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(cits) != 2 || cits[0].Quote != "The archive holds 1,204 letters from the 1920s." || cits[0].Precision != "line" ||
		cits[1].Quote != "1930s | 2,877 | 540" || len(cits[1].Rects) != 1 {
		t.Fatalf("citations = %+v", cits)
	}
}

// TestDecisionPickerSystemOne: every claim goes to the provider in one
// request as a choice over its shortlist plus none; a pick below 0.35, or
// none, cites the page only.
func TestDecisionPickerSystemOne(t *testing.T) {
	var mu sync.Mutex
	var bodies []map[string]any
	probs := map[string]map[string]float64{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var req map[string]any
		json.Unmarshal(raw, &req)
		mu.Lock()
		bodies = append(bodies, req)
		mu.Unlock()
		answers := map[string]any{}
		for id, q := range req["questions"].(map[string]any) {
			p := map[string]float64{}
			for label := range q.(map[string]any)["criteria"].(map[string]any) {
				p[label] = 0
			}
			total := 0.0
			for label, v := range probs[id] {
				p[label] = v
				total += v
			}
			p["none"] += 1 - total
			answers[id] = map[string]any{"type": "choice", "probabilities": p}
		}
		json.NewEncoder(w).Encode(map[string]any{"answers": answers})
	}))
	defer srv.Close()
	prov, err := jev.NewSystemOne(jev.HTTPConfig{BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	ev := pdfEvidence()
	claims := answer.Claims(ev, reply(t, twoClaims, 1))
	// The first claim's best candidate is the 1920s sentence: pick it
	// surely. The second: its candidate q1 at 0.3 only.
	probs["claim1"] = map[string]float64{"q1": 0.9}
	probs["claim2"] = map[string]float64{"q1": 0.3, "q2": 0.2}
	cits, err := answer.Pincite(context.Background(), ev, reply(t, twoClaims, 1), answer.DecisionPicker{Provider: prov})
	if err != nil {
		t.Fatal(err)
	}
	if len(bodies) != 1 {
		t.Fatalf("%d requests, want one for all claims", len(bodies))
	}
	qs := bodies[0]["questions"].(map[string]any)
	if len(qs) != 2 {
		t.Fatalf("questions = %v", qs)
	}
	crit := qs["claim1"].(map[string]any)["criteria"].(map[string]any)
	if len(crit) != len(claims[0].Candidates)+1 || crit["none"] == nil || crit["q1"] != claims[0].Candidates[0].Text {
		t.Fatalf("claim1 menu = %v", crit)
	}
	if instr, _ := json.Marshal(qs["claim2"].(map[string]any)["instructions"]); !strings.Contains(string(instr), "2,877 letters") {
		t.Fatalf("claim2 instructions = %v", qs["claim2"])
	}
	if cits[0].Precision != "line" || cits[0].Quote != claims[0].Candidates[0].Text {
		t.Errorf("confident pick: %+v", cits[0])
	}
	if cits[1].Precision != "page" || cits[1].Quote != "" || len(cits[1].Rects) != 0 {
		t.Errorf("pick at 0.3 gave %+v, want page level", cits[1])
	}

	t.Run("NoneCitesThePage", func(t *testing.T) {
		probs["claim1"] = map[string]float64{}
		probs["claim2"] = map[string]float64{}
		cits, err := answer.Pincite(context.Background(), ev, reply(t, twoClaims, 1), answer.DecisionPicker{Provider: prov})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cits {
			if c.Precision != "page" || c.Quote != "" {
				t.Fatalf("none gave %+v", c)
			}
		}
	})
}

// TestDecisionPickerOpenAI: an OpenAI-compatible decision provider picks
// from logprobs over letter labels; the pick is still only a label, so the
// quote is the source's own sentence.
func TestDecisionPickerOpenAI(t *testing.T) {
	var calls int
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		calls++
		mu.Unlock()
		var req struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		user := req.Messages[len(req.Messages)-1].Content
		// The judge "reads" the menu: the sentence option gets the mass.
		label := "Z"
		for _, line := range strings.Split(user, "\n") {
			if len(line) > 3 && line[1] == ':' && strings.Contains(line, "letters from the 1920s") {
				label = line[:1]
			}
		}
		fmt.Fprintf(w, `{"choices":[{"message":{"content":%q},"logprobs":{"content":[{"token":%q,"logprob":-0.05,"top_logprobs":[{"token":%q,"logprob":-0.05},{"token":"Z","logprob":-3}]}]}}]}`,
			label, label, label)
	}))
	defer srv.Close()
	prov, err := jev.NewOpenAI(jev.HTTPConfig{BaseURL: srv.URL + "/v1", Model: "judge"})
	if err != nil {
		t.Fatal(err)
	}
	ev := pdfEvidence()
	rep := reply(t, `{"answer":"The archive has 1,204 letters from the 1920s [1].","sufficient":true,"citations":[1]}`, 1)
	cits, err := answer.Pincite(context.Background(), ev, rep, answer.DecisionPicker{Provider: prov})
	if err != nil {
		t.Fatal(err)
	}
	if calls == 0 || len(cits) != 1 || cits[0].Quote != "The archive holds 1,204 letters from the 1920s." || cits[0].Precision != "line" {
		t.Fatalf("%d calls, citations %+v", calls, cits)
	}
}
