package jev

import (
	"context"
	"fmt"

	"archivist/app"
)

// Chooser asks app.Choice questions — the import's date roles and filing —
// through a provider.
type Chooser struct {
	Provider Provider
}

// PerRequest implements app.Chooser: the local judge matches a request's
// state, so it takes one choice a request; an HTTP provider takes up to
// MaxChoicePerReq.
func (c Chooser) PerRequest() int {
	if c.Provider.Name() == app.ProviderLocal {
		return 1
	}
	return MaxChoicePerReq
}

// Choose implements app.Chooser: the choices become one request's choice
// questions, and each answer its distribution by label.
func (c Chooser) Choose(ctx context.Context, state string, choices []app.Choice) ([]map[string]float64, error) {
	req := &Request{State: state, Questions: make([]Question, len(choices))}
	for i, ch := range choices {
		q := Question{ID: ch.ID, Kind: Choice, Instructions: ch.Instructions, Evidence: ch.Evidence,
			EvidenceParts: parts(ch.EvidenceParts)}
		for _, o := range ch.Options {
			q.Options = append(q.Options, Option{Label: o.Label, Description: o.Description,
				Parts: parts(o.Parts), IndexScore: o.IndexScore})
		}
		req.Questions[i] = q
	}
	answers, err := Decide(ctx, c.Provider, req)
	if err != nil {
		return nil, err
	}
	out := make([]map[string]float64, len(choices))
	for i, ch := range choices {
		a, ok := answers[ch.ID]
		if !ok {
			return nil, fmt.Errorf("jev: no answer for %s", ch.ID)
		}
		out[i] = a.Probabilities
	}
	return out, nil
}

func parts(ps []app.ChoicePart) []Part {
	if ps == nil {
		return nil
	}
	out := make([]Part, len(ps))
	for i, p := range ps {
		out[i] = Part{Role: Role(p.Role), Text: p.Text}
	}
	return out
}
