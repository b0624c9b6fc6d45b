package app

import "context"

// A Choice is one question to the decision provider asked outside a
// conversation — at import, by the date and filing rules: which of its
// options the evidence fits, or none of them. It mirrors the provider
// protocol's choice question (retrieve/jev), so the import layer can ask
// without importing the question path.
type Choice struct {
	ID           string // names the question within its request
	Instructions string
	// Evidence is the text the options are judged against; EvidenceParts
	// holds it by role for the offline judge.
	Evidence      string
	EvidenceParts []ChoicePart
	Options       []ChoiceOption // NoChoice included when "none" may be chosen
}

// ChoiceOption is one entry of a choice.
type ChoiceOption struct {
	Label       string
	Description string       // what a remote provider reads
	Parts       []ChoicePart // the same content by role; the offline judge reads these
	// IndexScore is a hint for the offline judge only (0–1; 0 when
	// unknown): how well the option matched by cheaper means.
	IndexScore float64
}

// ChoicePart is a piece of an option or evidence with its role:
// ChoiceTitle, ChoiceHeading or ChoiceBody.
type ChoicePart struct {
	Role string
	Text string
}

// The roles of a ChoicePart: the offline judge weighs a title and a
// heading above body text.
const (
	ChoiceTitle   = "title"
	ChoiceHeading = "heading"
	ChoiceBody    = "body"
)

// NoChoice is the label of the "none of these" option.
const NoChoice = "none"

// Chooser answers choices through the decision provider.
type Chooser interface {
	// Choose asks choices in one request under a shared state (what the
	// decision is about) and returns one distribution per choice, by
	// option label.
	Choose(ctx context.Context, state string, choices []Choice) ([]map[string]float64, error)
	// PerRequest is how many choices one request may hold. The offline
	// judge reads a request's state as the text to match, so it takes one
	// choice a request, with the choice's evidence as the state.
	PerRequest() int
}
