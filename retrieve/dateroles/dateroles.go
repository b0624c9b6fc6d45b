// Package dateroles decides what a date found in a document is — issued,
// signed, effective, due, … or none of these — through a decision provider
// (DESIGN.md §13): each date becomes a jev choice question over the roles
// plus none, and the answer's distribution is the role's confidence.
//
// The question's state is the text around the date, the date itself
// replaced by a placeholder; each role's option describes it in the words
// documents use for it. The offline local judge matches the two lexically,
// and reads the extractor's cue measure as the option's index score; an
// HTTP provider reads the descriptions. Like pincites, the local judge gets
// one request per date (it reads the state as the text to match) and an
// HTTP provider gets up to jev.MaxChoicePerReq dates a request.
package dateroles

import (
	"context"
	"fmt"
	"strconv"

	"archivist/app"
	"archivist/retrieve/jev"
)

// Chooser implements app.RoleChooser with a decision provider.
type Chooser struct {
	Provider jev.Provider
}

// roleWords describes each role as documents word it.
var roleWords = map[string]string{
	app.RoleIssued:      "the date the document is dated or issued: dated, date of this letter, report, notice or invoice, issued, published",
	app.RoleSigned:      "the date a signature was made: signed, signature, executed, witness, sworn",
	app.RoleEffective:   "the date something takes effect: effective date, effective as of, commencing, comes into force, entered into",
	app.RoleDue:         "the date a payment or action is due: due date, pay, payable, pay by, payment due, premium, amount, on or before, deadline, must be received, comments by",
	app.RoleExpires:     "the date something expires or terminates: expires, expiration, expiry, terminates, termination, valid until, maturity",
	app.RoleRenewal:     "the date something renews: renewal, renews, renewed, extended until",
	app.RoleNotice:      "the last day to give notice: notice, notify, written notice, cancel by, opt out",
	app.RolePeriodStart: "the first day of a covered period: beginning, period from, starting, since",
	app.RolePeriodEnd:   "the last day of a covered period: year ended, quarter ended, period ended, as of, as at, fiscal year end, through",
	app.RoleEvent:       "the day of an event: meeting, hearing, held on, conference, appointment, scheduled, ceremony",
}

const instructions = "Which role does the date marked [DATE] have in this document? Choose none when it has none of these roles."

// ChooseRoles implements app.RoleChooser.
func (c Chooser) ChooseRoles(ctx context.Context, qs []app.RoleQuestion) ([]map[string]float64, error) {
	questions := make([]jev.Question, len(qs))
	for i, rq := range qs {
		q := jev.Question{ID: "date" + strconv.Itoa(i+1), Kind: jev.Choice, Instructions: instructions,
			Evidence: rq.Context, EvidenceParts: []jev.Part{{Role: jev.RoleBody, Text: rq.Context}}}
		for _, r := range app.DateRoles {
			q.Options = append(q.Options, jev.Option{Label: r, Description: roleWords[r],
				Parts: []jev.Part{{Role: jev.RoleBody, Text: roleWords[r]}}, IndexScore: rq.Cues[r]})
		}
		q.Options = append(q.Options, jev.Option{Label: jev.NoneLabel, Description: "none of these roles: the date is mentioned in passing"})
		questions[i] = q
	}
	var requests []*jev.Request
	if c.Provider.Name() == app.ProviderLocal {
		for i := range questions {
			requests = append(requests, &jev.Request{State: qs[i].Context, Questions: questions[i : i+1]})
		}
	} else {
		for i := 0; i < len(questions); i += jev.MaxChoicePerReq {
			requests = append(requests, &jev.Request{State: "Decide the role of each date marked [DATE] in excerpts of one document.",
				Questions: questions[i:min(i+jev.MaxChoicePerReq, len(questions))]})
		}
	}
	out := make([]map[string]float64, len(qs))
	for _, req := range requests {
		answers, err := jev.Decide(ctx, c.Provider, req)
		if err != nil {
			return nil, err
		}
		for _, q := range req.Questions {
			i, _ := strconv.Atoi(q.ID[len("date"):])
			a, ok := answers[q.ID]
			if !ok || i < 1 || i > len(qs) {
				return nil, fmt.Errorf("dateroles: no answer for %s", q.ID)
			}
			dist := make(map[string]float64, len(a.Probabilities))
			for label, p := range a.Probabilities {
				if label == jev.NoneLabel {
					label = app.NoRole
				}
				dist[label] = p
			}
			out[i-1] = dist
		}
	}
	return out, nil
}
