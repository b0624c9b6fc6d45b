package app

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// Facts extracted from documents share one review ledger (docs/design.md §13):
// every fact names its document, its type and role, a validated value with
// a sort value, the evidence quote that shows it, a confidence, and a state
// a person moves it through. Adding a fact type means a FactContract here,
// an extractor and a renderer; the ledger and its states stay as they are.

// FactType names a kind of extracted fact.
type FactType string

// The fact types.
const FactDate FactType = "date"

// FactState is where a fact is in review. Only accepted facts reach the
// agenda and answers.
type FactState string

// The review states.
const (
	FactPending  FactState = "pending"
	FactAccepted FactState = "accepted"
	FactRejected FactState = "rejected"
)

// ParseFactState returns the state named by s, or false.
func ParseFactState(s string) (FactState, bool) {
	switch st := FactState(s); st {
	case FactPending, FactAccepted, FactRejected:
		return st, true
	}
	return "", false
}

// Fact is one row of the ledger.
type Fact struct {
	ID         string
	DocumentID string
	Type       FactType
	Role       string
	// Value is the type's validated value as JSON (for a date, a
	// DateValue); SortValue orders facts of one type (for a date, its
	// first day as YYYY-MM-DD).
	Value     json.RawMessage
	SortValue string
	// Original is the text the value was read from, verbatim; Quote the
	// sentence around it, verbatim from block BlockID, starting at byte
	// QuoteStart of the block's text. Original lies inside Quote at byte
	// OriginalStart of the quote.
	Original      string
	Quote         string
	BlockID       string
	QuoteStart    int
	OriginalStart int
	Page          int // 1-based page of the block; 0 for formats without pages
	Confidence    float64
	State         FactState
	Extractor     string
	Version       int    // of the extractor
	SourceSHA256  string // the original the fact was read from
	Reviewer      string // "" until reviewed; "auto" for automatic acceptance
	ReviewedAt    time.Time
	CreatedAt     time.Time
	// DocumentTitle is filled in by listings, for showing a fact without
	// another lookup.
	DocumentTitle string
}

// FactContract validates the values of one fact type: Normalize checks a
// value and returns it in canonical JSON with its sort value; Render says
// it for people.
type FactContract interface {
	Roles() []string
	Normalize(value json.RawMessage) (canonical json.RawMessage, sort string, err error)
	Render(value json.RawMessage) string
}

// Contract returns the contract of a fact type, or nil for an unknown one.
func Contract(t FactType) FactContract {
	switch t {
	case FactDate:
		return DateContract{}
	}
	return nil
}

// Date roles: what a date is in its document.
const (
	RoleIssued      = "issued"       // the document is dated
	RoleSigned      = "signed"       // a signature is dated
	RoleEffective   = "effective"    // an agreement or change takes effect
	RoleDue         = "due"          // a payment or action is due
	RoleExpires     = "expires"      // something expires or terminates
	RoleRenewal     = "renewal"      // something renews
	RoleNotice      = "notice"       // the last day to give notice
	RolePeriodStart = "period_start" // a covered period begins
	RolePeriodEnd   = "period_end"   // a covered period ends
	RoleEvent       = "event"        // a meeting, hearing or other event
)

// DateRoles lists the date roles, in the order menus show them.
var DateRoles = []string{RoleIssued, RoleSigned, RoleEffective, RoleDue, RoleExpires, RoleRenewal,
	RoleNotice, RolePeriodStart, RolePeriodEnd, RoleEvent}

// IsDateRole reports whether r is a date role.
func IsDateRole(r string) bool {
	for _, x := range DateRoles {
		if x == r {
			return true
		}
	}
	return false
}

// DateValue is an all-day date or an inclusive range of them: Start and
// End as YYYY-MM-DD; End is "" for a single day. No times, no time zones.
type DateValue struct {
	Start string `json:"start"`
	End   string `json:"end,omitempty"`
}

// String is the value as the command line prints it: YYYY-MM-DD, or
// YYYY-MM-DD..YYYY-MM-DD for a range.
func (v DateValue) String() string {
	if v.End == "" {
		return v.Start
	}
	return v.Start + ".." + v.End
}

// ParseDateValue reads "YYYY-MM-DD" or "YYYY-MM-DD..YYYY-MM-DD" and
// validates it.
func ParseDateValue(s string) (DateValue, error) {
	s = strings.TrimSpace(s)
	start, end, _ := strings.Cut(s, "..")
	v := DateValue{Start: start, End: end}
	return v, v.Validate()
}

// Validate checks that Start (and End, when set) are real calendar days
// and that a range does not end before it starts or end on its first day.
func (v DateValue) Validate() error {
	a, err := time.Parse(time.DateOnly, v.Start)
	if err != nil {
		return Errorf(EInvalid, "%q is not a date (YYYY-MM-DD)", v.Start)
	}
	if v.End == "" {
		return nil
	}
	b, err := time.Parse(time.DateOnly, v.End)
	if err != nil {
		return Errorf(EInvalid, "%q is not a date (YYYY-MM-DD)", v.End)
	}
	if !b.After(a) {
		return Errorf(EInvalid, "the range %s..%s does not end after it starts", v.Start, v.End)
	}
	return nil
}

// Last is the value's last day: End, or Start for a single day.
func (v DateValue) Last() string {
	if v.End != "" {
		return v.End
	}
	return v.Start
}

// DateContract is the value contract of FactDate.
type DateContract struct{}

// Roles returns DateRoles.
func (DateContract) Roles() []string { return DateRoles }

// Normalize validates a DateValue; its sort value is Start.
func (DateContract) Normalize(raw json.RawMessage) (json.RawMessage, string, error) {
	var v DateValue
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, "", Errorf(EInvalid, "a date value is {\"start\", \"end\"}: %v", err)
	}
	if err := v.Validate(); err != nil {
		return nil, "", err
	}
	out, err := json.Marshal(v)
	return out, v.Start, err
}

// Render writes the value as "31 December 2022" or "1 January – 31 March
// 2023".
func (DateContract) Render(raw json.RawMessage) string {
	var v DateValue
	if json.Unmarshal(raw, &v) != nil || v.Validate() != nil {
		return string(raw)
	}
	a, _ := time.Parse(time.DateOnly, v.Start)
	if v.End == "" {
		return a.Format("2 January 2006")
	}
	b, _ := time.Parse(time.DateOnly, v.End)
	if a.Year() == b.Year() {
		return a.Format("2 January") + " – " + b.Format("2 January 2006")
	}
	return a.Format("2 January 2006") + " – " + b.Format("2 January 2006")
}

// DateOf returns a date fact's value, or false when the fact is not a
// valid date.
func (f Fact) DateOf() (DateValue, bool) {
	var v DateValue
	if f.Type != FactDate || json.Unmarshal(f.Value, &v) != nil || v.Validate() != nil {
		return DateValue{}, false
	}
	return v, true
}

// FactFilter selects facts from the ledger. Zero fields select everything.
type FactFilter struct {
	Type        FactType
	States      []FactState
	Roles       []string
	DocumentIDs []string
	FolderID    string // documents in this folder or below it
	Tag         string // documents with this tag (its name, ignoring case)
	// From and To bound the sort value, inclusive, as YYYY-MM-DD: a date
	// range is kept when it overlaps [From, To].
	From, To string
	Limit    int // 0: no limit
}

// FactReview is one reviewer's change to a fact: a new state, and
// optionally a corrected value or role.
type FactReview struct {
	ID    string
	State FactState
	Value json.RawMessage // nil keeps the value
	Role  string          // "" keeps the role
}

// Facts is the ledger as the UI and the command line see it.
type Facts interface {
	ListFacts(ctx context.Context, f FactFilter) ([]Fact, error)
	// ReviewFacts applies reviews in one transaction: all or none.
	ReviewFacts(ctx context.Context, reviewer string, reviews []FactReview) error
	// AutoAcceptAbove returns the confidence above which new dates are
	// accepted without review; 0 means off.
	AutoAcceptAbove(ctx context.Context) (float64, error)
	SetAutoAcceptAbove(ctx context.Context, threshold float64) error
	// FactCitation is a fact's evidence as a citation of its quote, with
	// the quote's highlight rectangles, for the citation viewer. The
	// original document stays the evidence.
	FactCitation(ctx context.Context, f Fact) (Citation, error)
}

// NoRole is the label of the "none of these roles" choice.
const NoRole = "none"

// Bounds on facts beside answers (docs/design.md §13): per source, in all, and
// the characters of one fact's value and evidence.
const (
	MaxFactsPerSource = 3
	MaxFactsPerAnswer = 12
	MaxFactChars      = 1600
	// MaxProposedDates is how many dates extraction proposes per document.
	MaxProposedDates = 3
)
