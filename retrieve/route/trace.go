package route

import (
	"fmt"
	"slices"
)

// Trace records how a routed question found its evidence (docs/design.md §4):
// every edge the router weighed with its probability and route score, every
// passage scored, and the passages kept. It explains "Why these sources?".
type Trace struct {
	Provider string `json:"provider"`
	// Stopped says why the walk ended: "answer found" (a passage scored at
	// least the stop level), "evidence set covers the question",
	// "scoring budget", "expansion budget", "explored everything" or
	// "no terms".
	Stopped    string        `json:"stopped"`
	Requests   int           `json:"requests"`   // provider requests made
	Expansions int           `json:"expansions"` // menus asked
	Scores     int           `json:"scores"`     // passages scored
	Coverage   []TraceCheck  `json:"coverage_checks"`
	Edges      []TraceEdge   `json:"edges"`
	Visits     []TraceVisit  `json:"visits"`
	Results    []TraceResult `json:"results"`
	// Pictures counts the figures the provider was shown with passages it
	// scored; Notes say what the person should know of how it decided
	// (pictures not sent, or refused), each once.
	Pictures int      `json:"pictures,omitempty"`
	Notes    []string `json:"notes,omitempty"`

	// latest indexes Edges by their ends, the last edge of each pair: the
	// walk marks the outcome of routes again and again (a large library's
	// deferred pool on every promotion), and scanning every edge each time
	// made that quadratic. Edges[:indexed] are in it.
	latest  map[edgeEnds]int
	indexed int
}

type edgeEnds struct{ from, to string }

// note records a note once; "" records nothing.
func (t *Trace) note(s string) {
	if s != "" && !slices.Contains(t.Notes, s) {
		t.Notes = append(t.Notes, s)
	}
}

// lastEdge returns the latest edge from from to to, nil when there is none.
// Edges are only ever appended, so the index catches up with the new ones.
func (t *Trace) lastEdge(from, to string) *TraceEdge {
	if t.latest == nil {
		t.latest = map[edgeEnds]int{}
	}
	for ; t.indexed < len(t.Edges); t.indexed++ {
		e := &t.Edges[t.indexed]
		t.latest[edgeEnds{e.From, e.To}] = t.indexed
	}
	i, ok := t.latest[edgeEnds{from, to}]
	if !ok {
		return nil
	}
	return &t.Edges[i]
}

// TraceEdge is one option of one menu: the probability the provider gave
// it, and the score of the route through it.
type TraceEdge struct {
	From        string  `json:"from"` // node IDs: "library", "doc:ID", "sec:ID", "group:…", "direct", "stats:ID", "xref:…"
	To          string  `json:"to"`
	Label       string  `json:"label"` // what the menu showed, shortened
	Probability float64 `json:"p"`
	None        float64 `json:"p_none"`      // the menu's none probability
	RouteScore  float64 `json:"route_score"` // exp(mean log p over decisions)
	// Outcome is "beam" (kept for expansion), "deferred" (none was at
	// least as likely, or the beam was full) or "pruned" (a duplicate of a
	// better route).
	Outcome string `json:"outcome"`
}

// TraceVisit is one scored passage.
type TraceVisit struct {
	PassageID  string `json:"passage_id"` // "" for a statistics branch
	DocumentID string `json:"document_id"`
	// Kind is how the passage came: "passage" (routed and kept), "xref"
	// (a cross-reference of a kept passage), "statistics", "located" (at a
	// place the question names) or "fts" (the FTS5 ranking's floor).
	Kind       string  `json:"kind"`
	PageStart  int     `json:"page_start"`
	PageEnd    int     `json:"page_end"`
	Usefulness float64 `json:"usefulness"` // expected level, 0–3
	RouteScore float64 `json:"route_score"`
	Kept       bool    `json:"kept"`
}

// TraceCheck is one evidence-set coverage check.
type TraceCheck struct {
	Passages []string `json:"passages"`
	Yes      float64  `json:"p_yes"`
}

// TraceResult is one passage of the evidence, in rank order.
type TraceResult struct {
	PassageID  string  `json:"passage_id"`
	DocumentID string  `json:"document_id"`
	Title      string  `json:"title"`
	Section    string  `json:"section"`
	Kind       string  `json:"kind"`
	PageStart  int     `json:"page_start"`
	PageEnd    int     `json:"page_end"`
	Usefulness float64 `json:"usefulness"`
	RouteScore float64 `json:"route_score"`
}

// explainLimit bounds each part of Explain.
const explainLimit = 12

// Explain turns the trace into lines a person can read: who decided, why
// the walk stopped, the routes taken and the passages kept.
func (t *Trace) Explain() []string {
	if t == nil {
		return nil
	}
	lines := []string{fmt.Sprintf("Decisions by the %s provider: %d requests, %d menus, %d passages scored; stopped: %s.",
		t.Provider, t.Requests, t.Expansions, t.Scores, t.Stopped)}
	if t.Pictures > 0 {
		lines = append(lines, fmt.Sprintf("Shown %d figure pictures with the passages it scored.", t.Pictures))
	}
	lines = append(lines, t.Notes...)
	n := 0
	for _, e := range t.Edges {
		if e.Outcome != "beam" || n == explainLimit {
			continue
		}
		n++
		lines = append(lines, fmt.Sprintf("Explored “%s” (probability %.2f, route score %.2f).", e.Label, e.Probability, e.RouteScore))
	}
	for i, r := range t.Results {
		if i == explainLimit {
			break
		}
		where := r.Title
		if r.Section != "" {
			where += " › " + r.Section
		}
		if r.PageStart > 0 {
			where += fmt.Sprintf(", %s", pages(r.PageStart, r.PageEnd))
		}
		switch r.Kind {
		case "located":
			lines = append(lines, fmt.Sprintf("Read %s: the question names this place.", where))
		case "fts":
			lines = append(lines, fmt.Sprintf("Added %s from the full-text ranking (usefulness %.1f of 3).", where, r.Usefulness))
		default:
			lines = append(lines, fmt.Sprintf("Kept %s: usefulness %.1f of 3.", where, r.Usefulness))
		}
	}
	if len(t.Results) == 0 {
		lines = append(lines, "No passage was useful enough to keep.")
	}
	return lines
}

func pages(a, b int) string {
	if b > a {
		return fmt.Sprintf("pages %d–%d", a, b)
	}
	return fmt.Sprintf("page %d", a)
}
