package app

// Profile is a document's search profile: a bounded summary derived at
// import for routing, stored beside the document rather than read from its
// blocks.
type Profile struct {
	Outline  []OutlineEntry `json:"outline"`
	Acronyms []Acronym      `json:"acronyms"`
	Captions []string       `json:"captions"` // "Table 3: Revenue by segment", in document order
	Words    int            `json:"words"`
	Pages    int            `json:"pages"`
}

// OutlineEntry is one heading of the outline with where its section lies.
type OutlineEntry struct {
	Level     int    `json:"level"`
	Heading   string `json:"heading"`
	PageStart int    `json:"page_start,omitempty"`
	PageEnd   int    `json:"page_end,omitempty"`
	LineStart int    `json:"line_start,omitempty"`
	LineEnd   int    `json:"line_end,omitempty"`
}

// Acronym is an abbreviation found in a document, with its expansion when
// the document spells it out ("Free Cash Flow (FCF)") and how often it
// occurs.
type Acronym struct {
	Short     string `json:"short"`
	Expansion string `json:"expansion,omitempty"`
	Count     int    `json:"count"`
}

// Profile bounds, so the profile stays small whatever the document.
const (
	MaxProfileOutline  = 400
	MaxProfileAcronyms = 100
	MaxProfileCaptions = 200
)
