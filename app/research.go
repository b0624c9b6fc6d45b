package app

import (
	"context"
	"strings"
)

// Preset sets how much source text each document contributes to an answer.
type Preset string

// The presets. A missing or unknown preset means Balanced.
const (
	PresetFocused  Preset = "focused"
	PresetBalanced Preset = "balanced"
	PresetDetailed Preset = "detailed"
)

// ParsePreset returns the preset named by s, or Balanced when s names none.
func ParsePreset(s string) Preset {
	switch p := Preset(strings.ToLower(strings.TrimSpace(s))); p {
	case PresetFocused, PresetBalanced, PresetDetailed:
		return p
	}
	return PresetBalanced
}

// Limits from the design (docs/design.md §4 and the issue that asked for them).
const (
	MaxSources           = 6   // documents that reach an answer
	MaxSelectedDocuments = 100 // documents in an "Ask selection" scope
	MaxWindowChars       = 1200
	SnippetTokens        = 64
)

// Scope narrows which documents a question may draw on. The zero Scope is
// the whole library. It never widens past trash.
type Scope struct {
	DocumentIDs []string // empty means all documents
	// FolderID narrows to the documents filed in a folder or any folder
	// below it, resolved inside the question's snapshot; no limit on their
	// number. With DocumentIDs too, both must hold.
	FolderID string
	Label    string // how the drawer names it, e.g. "3 selected documents"
	// FromQuery marks DocumentIDs resolved from a search or a view (ranked,
	// any number of them) rather than selected by hand, so the limit on a
	// selection does not apply.
	FromQuery bool
	// Query narrows to the documents a query in the search language finds
	// (a search, or a live view's query), resolved inside the question's
	// snapshot; no limit on their number. With DocumentIDs or FolderID too,
	// all must hold.
	Query string
}

// All reports whether the scope is the whole library.
func (s Scope) All() bool { return len(s.DocumentIDs) == 0 && s.FolderID == "" && s.Query == "" }

// Describe returns the scope's label, or "All documents".
func (s Scope) Describe() string {
	if s.Label != "" {
		return s.Label
	}
	if s.All() {
		return "All documents"
	}
	if s.FolderID != "" && len(s.DocumentIDs) == 0 {
		return "A folder"
	}
	if len(s.DocumentIDs) == 1 {
		return "1 document"
	}
	return itoa(len(s.DocumentIDs)) + " selected documents"
}

// Question is what a person asks, with where to look.
type Question struct {
	Text   string
	Scope  Scope
	Preset Preset
	// FollowUp carries the sources the previous successful answer of the
	// conversation cited (at most MaxCarriedSources documents). They are
	// reloaded inside the new question's snapshot — and dropped if they
	// left the scope, the library or became unreadable — never copied from
	// the earlier answer: prior answer text is never evidence.
	FollowUp []CarriedSource
	// Consent is the conversation's consent to send Confidential and
	// Restricted text to a model or a remote decision provider.
	Consent bool
}

// CarriedSource names what a follow-up question carries over from one
// cited document: its ID and the blocks the citations quoted.
type CarriedSource struct {
	DocumentID string   `json:"document_id"`
	Blocks     []string `json:"blocks"`
}

// MaxCarriedSources bounds the sources a follow-up carries (docs/design.md §6).
const MaxCarriedSources = 3

// Window is a verbatim piece of one passage that became evidence.
type Window struct {
	PassageID string
	SectionID string
	Section   string // heading path
	Start     int    // byte offset into the passage text
	End       int
	Text      string // the passage text[Start:End], verbatim
	Spans     []Span // the block spans Text covers, with offsets into each block
	PageStart int
	PageEnd   int
	// Weak marks a window the walk did not find useful — rated below it,
	// or never reached — shown because the full-text ranking places it
	// (the evidence's floor): the reader and a model see it; the
	// extractive answer quotes it as the answer only when one of its
	// sentences holds the whole question, and otherwise only as the
	// closest evidence.
	Weak bool
}

// Source is one document's evidence for a question: the windows taken from
// it, stitched with WindowSeparator into Text.
type Source struct {
	N          int // 1-based source number, as cited
	DocumentID string
	Title      string
	Format     Format
	Windows    []Window
	Text       string
	// Sensitivity is the document's level, as stored when the evidence was
	// read.
	Sensitivity Sensitivity
	// Facts are the document's accepted dates (at most MaxFactsPerSource,
	// MaxFactsPerAnswer over all sources, value and quote within
	// MaxFactChars), given to the answerer beside Text. The document stays
	// the evidence: a fact's quote is its own text, cited like any other.
	Facts []Fact
	// Abbreviations are the short forms the document defines anywhere in
	// it, learned at import: a question naming one is understood though
	// the definition is pages away from the evidence.
	Abbreviations []Abbreviation
	// Pictures are the figures of the source's windows, cut from their
	// pages for an answer model that sees images (at most
	// MaxImagesPerQuestion over all sources); empty otherwise.
	Pictures []Picture
}

// WindowSeparator joins a source's windows in its stitched Text.
const WindowSeparator = "\n…\n"

// Evidence is what retrieval found for a question, read from one snapshot.
type Evidence struct {
	Question Question
	Terms    []string // the search terms taken from the question
	Sources  []Source
	// Blocks holds every block a window's spans name, by ID, and Sections
	// every such block's section heading path, by section ID: what an
	// answerer needs to turn a quote into a citation without the store.
	Blocks   map[string]Block
	Sections map[string]string
	// Statistics holds counts computed from a document's parsed text (page,
	// word, figure, table and caption counts, term occurrences) when they
	// were judged useful: evidence for counting questions, but not quotes,
	// so never cited as verbatim text.
	Statistics []Statistic
	// Dates counts the accepted dates of every document in Sources, beyond
	// the ones given to the answerer.
	Dates int
}

// Statistic is one document's computed statistics, as evidence.
type Statistic struct {
	DocumentID string
	Title      string
	Text       string
	Usefulness float64
}

// Citation ties one claim of an answer to the exact source text behind it.
// Quote is always verbatim text of the cited blocks.
type Citation struct {
	N          int      `json:"n"`
	DocumentID string   `json:"document_id"`
	Title      string   `json:"title"`
	Section    string   `json:"section"`
	Quote      string   `json:"quote"`
	PageStart  int      `json:"page_start"`
	PageEnd    int      `json:"page_end"`
	LineStart  int      `json:"line_start"`
	LineEnd    int      `json:"line_end"`
	Blocks     []string `json:"blocks"`
	Rects      []Rect   `json:"rects"`
	Precision  string   `json:"precision"` // "cell", "line", "page" or "section"
	// Cell and Header are set for a cell-level citation (precision
	// "cell"): the cell of the quoted table row that answers, and the
	// header row that names its column, both verbatim text of the block;
	// Rects then outline the cell alone.
	// Source is the number of the source quoted when the answer numbers
	// each quote on its own (N is then the quote's number, and a source
	// quoted twice has two); 0 when N is the source's number.
	Source int    `json:"source,omitempty"`
	Cell   string `json:"cell,omitempty"`
	Header string `json:"header,omitempty"`
	// OCR says the quote was read from a page image by OCR, e.g. "read by
	// OCR, 91% confidence"; empty for text the document holds as text.
	OCR string `json:"ocr,omitempty"`
}

// SourceN is the number of the source the citation quotes.
func (c Citation) SourceN() int {
	if c.Source > 0 {
		return c.Source
	}
	return c.N
}

// Where says where a citation points, for people: "Title › Section, page
// 60" (pages for paged formats, lines for text formats, both when a PDF
// citation knows its lines).
func (c Citation) Where() string {
	s := c.Title
	if c.Section != "" {
		s += " › " + c.Section
	}
	switch {
	case c.PageStart > 0 && c.PageEnd > c.PageStart:
		s += ", pages " + itoa(c.PageStart) + "–" + itoa(c.PageEnd)
	case c.PageStart > 0:
		s += ", page " + itoa(c.PageStart)
	}
	switch {
	case c.LineStart > 0 && c.LineEnd > c.LineStart:
		s += ", lines " + itoa(c.LineStart) + "–" + itoa(c.LineEnd)
	case c.LineStart > 0:
		s += ", line " + itoa(c.LineStart)
	}
	return s
}

// SourceRef is a source as an answer lists it.
type SourceRef struct {
	N          int    `json:"n"`
	DocumentID string `json:"document_id"`
	Title      string `json:"title"`
	Text       string `json:"text"`
}

// Answer is the read-only result of a question.
type Answer struct {
	// Question is the question as asked, so a stored answer can be
	// exported or followed up without the conversation that made it.
	Question   string `json:"question"`
	Answer     string `json:"answer"`
	Sufficient bool   `json:"sufficient"`
	// Verdict says what kind of reply this is: VerdictAnswered,
	// VerdictComputed, VerdictClosest or VerdictNone. Sufficient is true
	// exactly for the first two.
	Verdict Verdict `json:"verdict"`
	// Value is the figure or phrase the answer states, when it states one
	// ("12.6 million", "Deloitte & Touche LLP"); "" for a reply that quotes
	// passages without singling out a value.
	Value string `json:"value,omitempty"`
	// Unsupported lists claims of a model's answer whose quotes do not hold
	// the asked value: shown as unsupported, never as supported.
	Unsupported []string    `json:"unsupported,omitempty"`
	Citations   []Citation  `json:"citations"`
	Sources     []SourceRef `json:"sources"`
	// Notes say what the person should know of how the reply was made
	// that is no part of it: pictures a provider was not shown, and why.
	Notes      []string `json:"notes,omitempty"`
	TraceToken string   `json:"trace_token"`
	// Provider names the model and endpoint that received the evidence
	// ("llama3.2 at localhost:11434"), or "" when nothing left the
	// offline answerer. It never holds a key.
	Provider string `json:"provider,omitempty"`
	// Follows is the trace token of the answer this one followed up, "" for
	// a first question.
	Follows string `json:"follows,omitempty"`
	// Dates counts the accepted dates of the documents in Sources, cited
	// or not: the drawer offers to open them.
	Dates int `json:"dates,omitempty"`
	// Why explains, one line each, how the evidence was found — the
	// drawer's "Why these sources?". It is not part of the stored answer.
	Why []string `json:"-"`
}

// Verdict is what a reply claims. A reader, a script and the window treat
// the kinds differently: only answered and computed replies state an
// answer; closest shows passages that do not answer as asked.
type Verdict string

const (
	// VerdictAnswered: the quoted evidence holds a value of the asked type
	// and carries the question's measure, entity and period.
	VerdictAnswered Verdict = "answered"
	// VerdictComputed: the answer is derived (a change, a ratio, a sum…)
	// from cited figures, with the arithmetic shown.
	VerdictComputed Verdict = "computed"
	// VerdictClosest: not found as asked; the closest passages are shown
	// so a reader can judge, never as the answer.
	VerdictClosest Verdict = "closest"
	// VerdictNone: nothing in scope comes close.
	VerdictNone Verdict = "none"
)

// VerdictOf is the verdict a reply's other fields imply, for answers made
// before verdicts were recorded and for answerers that do not set one.
func VerdictOf(a *Answer) Verdict {
	switch {
	case a.Verdict != "":
		return a.Verdict
	case a.Sufficient:
		return VerdictAnswered
	case len(a.Citations) > 0:
		return VerdictClosest
	default:
		return VerdictNone
	}
}

// InsufficientEvidence is the stable answer given when the sources do not
// answer the question. It makes no claim.
const InsufficientEvidence = "The documents in scope do not contain enough evidence to answer this question."

// ClosestEvidence introduces, after InsufficientEvidence, the passages that
// came closest to an answer: shown so a reader can judge, never as the
// answer, which stays insufficient.
const ClosestEvidence = "Not found as asked — the closest passages:"

// Research answers questions. Implementations read each question through one
// snapshot of the library.
type Research interface {
	Ask(ctx context.Context, q Question) (*Answer, error)
	Replay(ctx context.Context, token string) ([]byte, error)
}

// CitedText is the block text around a citation, for showing the quote in
// context: Text[QuoteStart:QuoteEnd] is the quote.
type CitedText struct {
	Title      string
	Section    string
	Text       string
	QuoteStart int
	QuoteEnd   int
	LineStart  int
	LineEnd    int
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// CheckWindow reports whether a window's text is exactly its spans' block
// text joined by PassageSeparator — the promise that evidence is the
// documents' own words — naming what breaks it.
func CheckWindow(w Window, blocks map[string]Block) error {
	parts := make([]string, 0, len(w.Spans))
	for _, sp := range w.Spans {
		b, ok := blocks[sp.BlockID]
		if !ok {
			return Errorf(EInternal, "window names unknown block %s", sp.BlockID)
		}
		if sp.Start < 0 || sp.End > len(b.Text) || sp.Start > sp.End {
			return Errorf(EInternal, "span %d–%d outside block %s of %d bytes", sp.Start, sp.End, sp.BlockID, len(b.Text))
		}
		parts = append(parts, b.Text[sp.Start:sp.End])
	}
	if got := strings.Join(parts, PassageSeparator); got != w.Text {
		return Errorf(EInternal, "window text is not its blocks' text:\n%q\n%q", w.Text, got)
	}
	return nil
}
