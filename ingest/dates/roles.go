package dates

import (
	"context"
	"fmt"
	"strconv"

	"archivist/app"
)

// Roles are decided through a decision provider (docs/design.md §13): each
// date becomes a choice over the roles plus none, and the answer's
// distribution is the role's confidence.
//
// The choice's evidence is the text around the date, the date itself
// replaced by a placeholder; each role's option describes it in the words
// documents use for it. The offline local judge matches the two lexically,
// and reads the extractor's cue measure as the option's index score; an
// HTTP provider reads the descriptions. Like pincites, the local judge gets
// one request per date (it reads the state as the text to match) and an
// HTTP provider gets as many dates a request as it takes.

// RoleQuestion asks which role a date has: Context is the text around it
// with the date itself replaced by a placeholder; Cues weighs each role by
// the cue words found near the date (0–1), a hint for an offline judge.
type RoleQuestion struct {
	Context string
	Cues    map[string]float64
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

// ChooseRoles asks c the role of each date: one distribution per
// question, by role name and app.NoRole.
func ChooseRoles(ctx context.Context, c app.Chooser, qs []RoleQuestion) ([]map[string]float64, error) {
	choices := make([]app.Choice, len(qs))
	for i, rq := range qs {
		ch := app.Choice{ID: "date" + strconv.Itoa(i+1), Instructions: instructions,
			Evidence: rq.Context, EvidenceParts: []app.ChoicePart{{Role: app.ChoiceBody, Text: rq.Context}}}
		for _, r := range app.DateRoles {
			ch.Options = append(ch.Options, app.ChoiceOption{Label: r, Description: roleWords[r],
				Parts: []app.ChoicePart{{Role: app.ChoiceBody, Text: roleWords[r]}}, IndexScore: rq.Cues[r]})
		}
		ch.Options = append(ch.Options, app.ChoiceOption{Label: app.NoChoice, Description: "none of these roles: the date is mentioned in passing"})
		choices[i] = ch
	}
	out := make([]map[string]float64, 0, len(qs))
	per := max(c.PerRequest(), 1)
	for i := 0; i < len(choices); i += per {
		batch := choices[i:min(i+per, len(choices))]
		state := "Decide the role of each date marked [DATE] in excerpts of one document."
		if per == 1 {
			state = qs[i].Context
		}
		dists, err := c.Choose(ctx, state, batch)
		if err != nil {
			return nil, err
		}
		if len(dists) != len(batch) {
			return nil, fmt.Errorf("dates: %d answers for %d dates", len(dists), len(batch))
		}
		out = append(out, dists...)
	}
	return out, nil
}
