package app

import (
	"strings"
	"time"
	"unicode"
)

// Format names a document format Archivist can import.
type Format string

// The formats. Only text and Markdown are parsed so far; the others are
// detected so the user gets a clear "not supported yet" rather than garbage.
const (
	FormatText     Format = "text"
	FormatMarkdown Format = "markdown"
	FormatPDF      Format = "pdf"
	FormatHTML     Format = "html"
	FormatDOCX     Format = "docx"
	// FormatImage is a picture (PNG, JPEG, TIFF, BMP, WebP): one page per
	// image, its words read by OCR.
	FormatImage Format = "image"
)

// Status is where a document is in its import.
type Status string

// The statuses a document moves through. Only ready documents are evidence.
const (
	StatusQueued    Status = "queued"
	StatusImporting Status = "importing"
	StatusReady     Status = "ready"
	StatusFailed    Status = "failed"
)

// Document is one imported original and what is known about it.
type Document struct {
	ID         string
	Title      string
	Filename   string // base name of the file the user imported
	Format     Format
	SHA256     string // hex digest of the original bytes; names its blob
	SizeBytes  int64
	Pages      int // physical pages; 0 for formats without pages
	Words      int
	Status     Status
	Error      string // why the import failed, when Status is StatusFailed
	Notice     string // what to know about a ready document, e.g. "no text — needs OCR"
	ImportedAt time.Time
	// Sensitivity is the stored level read through StoredSensitivity:
	// Internal when unset, Restricted when unknown.
	Sensitivity Sensitivity
	// OriginalRemoved says the watched file this document came from was
	// deleted; the library keeps its own copy.
	OriginalRemoved bool
}

// Rect is a highlight rectangle on a page image: normalised 0–1, origin
// top-left, after the page's rotation.
type Rect struct {
	Page int     `json:"page"` // 1-based physical page
	X0   float64 `json:"x0"`
	Y0   float64 `json:"y0"`
	X1   float64 `json:"x1"`
	Y1   float64 `json:"y1"`
}

// BlockKind is the layout role of a block.
type BlockKind string

// The block kinds.
const (
	BlockParagraph BlockKind = "paragraph"
	BlockHeading   BlockKind = "heading"
	BlockListItem  BlockKind = "list_item"
	BlockCode      BlockKind = "code"
	BlockQuote     BlockKind = "quote"
	BlockTable     BlockKind = "table"
	BlockCaption   BlockKind = "caption"
	BlockFigure    BlockKind = "figure"
	// BlockField is text a PDF shows in an annotation rather than in its
	// page content: a form field's value, a FreeText or note annotation.
	BlockField BlockKind = "field"
)

// Block is one layout block of a document, in reading order.
//
// Text holds the block's text as the parser extracted it. For plain text,
// Markdown and HTML <pre> blocks a "\n" in Text stands exactly where the
// source has a line break, so the line of any offset is LineStart plus the
// newlines before it; for other HTML blocks LineStart–LineEnd bracket the
// element, and DOCX has no source lines (0). In a PDF block a "\n" ends a
// printed line.
type Block struct {
	ID        string
	Seq       int    // reading order within the document, from 0
	Section   int    // index into Parsed.Sections, as parsers set it
	SectionID string // the section's ID, as the store returns blocks
	Kind      BlockKind
	Level     int // heading level 1–6; 0 for other kinds
	Text      string
	Page      int  // 1-based physical page; 0 for formats without pages
	LineStart int  // 1-based first source line; 0 when not known
	LineEnd   int  // 1-based last source line, inclusive
	Box       Rect // on Page; zero for formats without pages
	// Words holds each word's place in Text and its box on Page, in
	// reading order; empty for formats without pages. Highlights are drawn
	// from these boxes, never from generated text.
	Words []WordBox
}

// WordBox is one word of a block: Text[Start:End] (byte offsets) and its
// box, normalised 0–1, origin top-left, after rotation.
type WordBox struct {
	Start int     `json:"s"`
	End   int     `json:"e"`
	X0    float64 `json:"x0"`
	Y0    float64 `json:"y0"`
	X1    float64 `json:"x1"`
	Y1    float64 `json:"y1"`
}

// LinesOf returns the source lines covered by Text[start:end], or zeros when
// the block has no line numbers.
func (b *Block) LinesOf(start, end int) (first, last int) {
	if b.LineStart == 0 {
		return 0, 0
	}
	first = b.LineStart
	last = b.LineStart
	for i := 0; i < end && i < len(b.Text); i++ {
		if b.Text[i] == '\n' {
			if i < start {
				first++
			}
			last++
		}
	}
	if end > start && end <= len(b.Text) && b.Text[end-1] == '\n' {
		last--
	}
	return first, last
}

// Section is one node of a document's section tree. Index 0 is always the
// root: the document itself, holding whatever comes before the first heading.
type Section struct {
	ID        string
	Parent    int // index of the parent section; -1 for the root
	Level     int // 0 for the root, else the heading level
	Heading   string
	PageStart int
	PageEnd   int
	LineStart int
	LineEnd   int
}

// Page is one physical page of a paged document.
type Page struct {
	Number   int     // 1-based physical page
	Label    string  // the printed page label, e.g. "iv" or "12"; "" when none
	WidthPt  float64 // as displayed, after rotation, in PDF points
	HeightPt float64
	Rotation int // degrees clockwise, 0/90/180/270
	// OCR is OCRRead when the page's words were read from its image by
	// OCR, with OCRConfidence their mean confidence 0–1 (weighted by
	// length); OCRWaiting when the page needs OCR that could not run yet.
	OCR           OCRState
	OCRConfidence float64
}

// OCRState says whether a page was, or is still to be, read by OCR.
type OCRState string

// The OCR states of a page; "" for a page with its own text.
const (
	OCRRead    OCRState = "read"
	OCRWaiting OCRState = "waiting"
)

// Parsed is what a format parser makes of one document, before IDs and
// passages are assigned.
type Parsed struct {
	Title    string
	Format   Format
	Pages    int    // number of physical pages; 0 for formats without pages
	PageInfo []Page // one per page when Pages > 0
	Sections []Section
	Blocks   []Block
	// Notice is something the user must know about an otherwise good
	// import, e.g. "no text — needs OCR" for a scanned PDF.
	Notice string
}

// Span is the part of one block a passage covers: Block.Text[Start:End].
type Span struct {
	BlockID string `json:"block"`
	Start   int    `json:"start"` // byte offset into the block's Text
	End     int    `json:"end"`
}

// Passage is the unit of search: ~2,400 characters of one section's blocks,
// overlapping its neighbours. Its Text is the spans' text joined by
// PassageSeparator.
type Passage struct {
	ID           string
	DocumentID   string
	SectionID    string
	Seq          int
	Title        string // the document's title, indexed with its own weight
	Headings     string // the section's heading path, " › " between levels
	Text         string
	Spans        []Span
	PageStart    int
	PageEnd      int
	IndexVersion int
	// Picture: the passage is the print read by OCR inside a picture (its
	// blocks are app.BlockFigure), not the document's own text.
	Picture bool
}

// PassageSeparator joins the spans of a passage.
const PassageSeparator = "\n\n"

// QuoteRects returns one rectangle per text line of Text[start:end] on the
// block's page: the union of the boxes of the words the range touches on
// that line. It is empty for blocks without word boxes.
func (b *Block) QuoteRects(start, end int) []Rect {
	type lineRect struct {
		Rect
		line int
	}
	var rects []lineRect
	line, pos := 0, 0 // line index of pos within Text
	for _, w := range b.Words {
		if w.End <= start || w.Start >= end || w.Start < pos {
			continue
		}
		n := line
		for i := pos; i < w.Start && i < len(b.Text); i++ {
			if b.Text[i] == '\n' {
				n++
			}
		}
		line, pos = n, w.Start
		r := Rect{Page: b.Page, X0: w.X0, Y0: w.Y0, X1: w.X1, Y1: w.Y1}
		if len(rects) > 0 && rects[len(rects)-1].line == n {
			last := &rects[len(rects)-1].Rect
			last.X0, last.Y0 = min(last.X0, r.X0), min(last.Y0, r.Y0)
			last.X1, last.Y1 = max(last.X1, r.X1), max(last.Y1, r.Y1)
			continue
		}
		rects = append(rects, lineRect{r, n})
	}
	out := make([]Rect, len(rects))
	for i, r := range rects {
		out[i] = r.Rect
	}
	return out
}

// CellSeparator stands between the cells of a table block's row, in every
// format: it is not a word.
const CellSeparator = " | "

// BlockWords counts the words of a block: its text's words, without the
// CellSeparator between table cells (a "|" of the document's own text
// counts, as pdftotext and wc count it).
func BlockWords(b Block) int {
	if b.Kind != BlockTable {
		return CountWords(b.Text)
	}
	n := 0
	for cell := range strings.SplitSeq(b.Text, CellSeparator) {
		n += CountWords(cell)
	}
	return n
}

// CountWords is len(strings.Fields(s)) without building the slice: on a
// long PDF the slices came to more garbage than the blocks themselves.
func CountWords(s string) int {
	n, in := 0, false
	for _, r := range s {
		space := unicode.IsSpace(r)
		if !space && !in {
			n++
		}
		in = !space
	}
	return n
}
