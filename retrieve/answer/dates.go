package answer

import (
	"regexp"
	"strings"

	"archivist/app"
)

// AsksWhen recognises a question about a date: one starting with "when",
// or asking what or which date or day, by when, or for a deadline or due
// date.
var AsksWhen = regexp.MustCompile(`(?i)(^\s*when\b|\b(what|which) (date|day)\b|\bby when\b|\bdeadline\b|\bdue date\b)`)

// withDateQuote adds, to an answer of a question asking when, the evidence
// of the accepted date that answers it: among the dates beside the cited
// sources (the first cited first), one whose role the question names
// ("expire", "due", "signed"), else the first. Its quote is the document's
// own sentence, joined to the source as a window by retrieval, so it is
// cited like any quote; nothing is added when a quote already holds it or
// the answer is full.
func withDateQuote(ev *app.Evidence, cites []app.Citation) []app.Citation {
	if !AsksWhen.MatchString(ev.Question.Text) || len(cites) == 0 || len(cites) > maxQuotes {
		return cites
	}
	q := wordStems(ev.Question.Text)
	for _, c := range cites {
		src := sourceNumbered(ev, c.N)
		if src == nil || len(src.Facts) == 0 {
			continue
		}
		best := -1
		for i, f := range src.Facts {
			if best < 0 || roleAsked(q, f.Role) && !roleAsked(q, src.Facts[best].Role) {
				best = i
			}
		}
		f := src.Facts[best]
		for _, have := range cites {
			if strings.Contains(have.Quote, f.Original) {
				return cites
			}
		}
		if cit, ok := dateCitation(ev, src, f); ok {
			return append(cites, cit)
		}
	}
	return cites
}

func sourceNumbered(ev *app.Evidence, n int) *app.Source {
	for i := range ev.Sources {
		if ev.Sources[i].N == n {
			return &ev.Sources[i]
		}
	}
	return nil
}

// roleWords are the question words that name each role, as stems.
var roleWords = map[string][]string{
	app.RoleIssued: {"issu", "date", "written", "sent"}, app.RoleSigned: {"sign"},
	app.RoleEffective: {"effect", "start", "begin", "commenc"}, app.RoleDue: {"due", "pay", "paid"},
	app.RoleExpires: {"expir", "end", "termin"}, app.RoleRenewal: {"renew"}, app.RoleNotice: {"notic", "cancel"},
	app.RolePeriodStart: {"begin", "start"}, app.RolePeriodEnd: {"end", "period"},
	app.RoleEvent: {"meet", "hear", "held", "happen"},
}

func roleAsked(q map[string]bool, role string) bool {
	for _, w := range roleWords[role] {
		for st := range q {
			if strings.HasPrefix(st, w) {
				return true
			}
		}
	}
	return false
}

// acceptedDateAnswer answers a question asking when with the sentence of a
// date a person accepted whose role the question names ("When does the
// lease expire?" and a date accepted as the lease's expiry): the person's
// review is what says the sentence gives that date, so it meets the
// question as no lexical reading of the sentence could. nil when no such
// date is beside the sources.
func acceptedDateAnswer(ev *app.Evidence) *app.Answer {
	if !AsksWhen.MatchString(ev.Question.Text) {
		return nil
	}
	q := wordStems(ev.Question.Text)
	for i := range ev.Sources {
		src := &ev.Sources[i]
		for _, f := range src.Facts {
			if !roleAsked(q, f.Role) {
				continue
			}
			if cit, ok := dateCitation(ev, src, f); ok {
				cites := []app.Citation{cit}
				numberQuotes(cites)
				return &app.Answer{Answer: Lead + render(cites, []string{""}, []string{""}), Sufficient: true,
					Verdict: app.VerdictAnswered, Citations: cites, Sources: SourceRefs(ev), Value: f.Original}
			}
		}
	}
	return nil
}

// dateCitation cites the sentence of accepted date f, which retrieval
// joined to src as a window of its own.
func dateCitation(ev *app.Evidence, src *app.Source, f app.Fact) (app.Citation, bool) {
	for j := range src.Windows {
		w := &src.Windows[j]
		if w.PassageID == "date:"+f.ID {
			return cite(ev, candidate{src: src, window: w, start: 0, end: len(w.Text)})
		}
	}
	return app.Citation{}, false
}
