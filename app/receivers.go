package app

import "strings"

// Receivers names what receives evidence besides this computer: the model
// that writes answers and the decision provider that routes and scores.
// It is a value: two questions were asked with the same providers exactly
// when their Receivers are equal, which is how a conversation and the
// drawer notice a change of provider (docs/design.md §6).
type Receivers struct {
	// Answer is the answer model and its endpoint, "llama3.2 at
	// localhost:11434"; "" for the offline extractive answerer.
	Answer string
	// Decision is the decision provider and its endpoint, "systemone at
	// api.example.com"; "" for the embedded local one.
	Decision string
}

// Offline reports whether nothing leaves this computer.
func (r Receivers) Offline() bool { return r.Answer == "" && r.Decision == "" }

// List names each receiver once, as an answer's provider field joins them:
// the model as it is, the decision provider after "decisions: ".
func (r Receivers) List() []string {
	var out []string
	if r.Answer != "" {
		out = append(out, r.Answer)
	}
	if r.Decision != "" {
		out = append(out, "decisions: "+r.Decision)
	}
	return out
}

// String is what the drawer shows under "Evidence goes to:".
func (r Receivers) String() string {
	if r.Offline() {
		return "offline — nothing leaves this computer"
	}
	var parts []string
	if r.Answer != "" {
		parts = append(parts, "answers: "+r.Answer)
	}
	if r.Decision != "" {
		parts = append(parts, "decisions: "+r.Decision)
	}
	return strings.Join(parts, " · ")
}
