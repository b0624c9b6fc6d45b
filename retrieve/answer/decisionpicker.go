package answer

import (
	"context"
	"fmt"
	"strconv"

	"archivist/retrieve/jev"
)

// DecisionPicker picks pincites through a decision provider (docs/design.md §6):
// each claim becomes a jev choice question over its shortlist (at most
// ShortlistSize candidates) plus "none", and the probability of the chosen
// candidate is the pick's confidence. An HTTP provider gets every claim of
// an answer in one request. The local judge reads a request's state as the
// text to match, so it gets one request per claim, the claim as state —
// all offline, in this process.
//
// A provider can only answer with labels: whatever it picks is one of the
// source's own sentences or rows, and Pincite still locates it in the
// source before anything is highlighted.
type DecisionPicker struct {
	Provider jev.Provider
}

// pickInstructions is the question asked per claim.
const pickInstructions = "A model wrote the claim below and cited a source for it. Which quote from that source states the claim? " +
	"Choose none when no quote states it.\nClaim: "

// Pick implements Picker.
func (p DecisionPicker) Pick(ctx context.Context, claims []Claim) ([]Pick, error) {
	picks := make([]Pick, len(claims))
	var asked []int // claims with candidates, by index
	var questions []jev.Question
	for i, c := range claims {
		if len(c.Candidates) == 0 {
			continue
		}
		q := jev.Question{ID: "claim" + strconv.Itoa(i+1), Kind: jev.Choice, Instructions: pickInstructions + c.Text,
			Evidence: c.Text, EvidenceParts: []jev.Part{{Role: jev.RoleBody, Text: c.Text}}}
		for j, cand := range c.Candidates {
			if j == ShortlistSize {
				break
			}
			q.Options = append(q.Options, jev.Option{Label: "q" + strconv.Itoa(j+1), Description: cand.Text,
				Parts: []jev.Part{{Role: jev.RoleBody, Text: cand.Text}}, IndexScore: cand.Overlap})
		}
		q.Options = append(q.Options, jev.Option{Label: jev.NoneLabel, Description: "none of these quotes states the claim"})
		asked = append(asked, i)
		questions = append(questions, q)
	}
	if len(questions) == 0 {
		return picks, ctx.Err()
	}
	var requests []*jev.Request
	if p.Provider.Name() == "local" {
		for k, q := range questions {
			requests = append(requests, &jev.Request{State: claims[asked[k]].Text, Questions: []jev.Question{q}})
		}
	} else {
		requests = []*jev.Request{{State: "Match each claim of an answer to the quote from its cited source that states it.", Questions: questions}}
	}
	answers := map[string]jev.Answer{}
	for _, req := range requests {
		// jev.Decide caps routing menus at four a request; a pincite
		// batch holds one small menu per claim, so it is checked here and
		// validated by the protocol's own rules.
		got, err := p.Provider.Decide(ctx, req)
		if err != nil {
			return nil, err
		}
		if err := jev.Validate(req, got); err != nil {
			return nil, err
		}
		for id, a := range got {
			answers[id] = a
		}
	}
	for k, i := range asked {
		a, ok := answers[questions[k].ID]
		if !ok {
			return nil, fmt.Errorf("answer: no pick for claim %d", i+1)
		}
		if a.Choice == jev.NoneLabel || a.Choice == "" {
			continue
		}
		j, err := strconv.Atoi(a.Choice[1:])
		if err != nil || j < 1 || j > len(claims[i].Candidates) {
			return nil, fmt.Errorf("answer: pick %q for claim %d", a.Choice, i+1)
		}
		picks[i] = Pick{Quote: claims[i].Candidates[j-1].Text, Confidence: a.Probabilities[a.Choice]}
	}
	return picks, nil
}
