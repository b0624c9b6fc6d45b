package check

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app"
)

// Quotation is one quotation a draft makes: the words in its quote marks
// (or its block quotation) and the pincite that goes with it.
type Quotation struct {
	Text  string // as the draft writes it, without the quote marks
	Block bool
	Page  int // the draft's page, 0 without pages
	Line  int // the draft's source line, 0 when not known
	Cite  Pincite
}

// Pincite is the citation a draft gives a quotation.
type Pincite struct {
	Text     string // as written: "Ex. 4 at 12", "pp. 12–14"
	From, To int    // the cited pages (To == From for one page); 0 when none
	Para     int    // the cited numbered paragraph ("¶ 4"); 0 when none
	Exhibit  string // "4" of "Ex. 4"
	Name     string // a document's title or short name, as written
	Same     bool   // "Id." — the source of the quotation before
}

// minQuoteWords is the fewest words a quotation needs to be checked on its
// own: one or two words in quote marks are a defined term or a scare
// quote, found everywhere. With a pincite two words are checked.
const (
	minQuoteWords      = 3
	minCitedQuoteWords = 2
	maxQuoteBytes      = 6000 // past it an opening mark was never closed
	citeWindow         = 160  // bytes after a quotation searched for its pincite
)

// Quotations lists a parsed draft's quotations in reading order: text in
// “…” or "…" within its paragraphs, and each run of block-quotation
// blocks (Markdown's ">", a DOCX quote style) as one quotation.
func Quotations(p *app.Parsed) []Quotation {
	var out []Quotation
	blocks := p.Blocks
	for i := 0; i < len(blocks); i++ {
		b := blocks[i]
		switch b.Kind {
		case app.BlockQuote:
			j := i
			var parts []string
			for ; j < len(blocks) && blocks[j].Kind == app.BlockQuote; j++ {
				parts = append(parts, blocks[j].Text)
			}
			next := ""
			if j < len(blocks) {
				next = blocks[j].Text
			}
			if q, ok := blockQuotation(strings.Join(parts, "\n"), next); ok {
				q.Page, q.Line = b.Page, b.LineStart
				out = append(out, q)
			}
			i = j - 1
		case app.BlockHeading, app.BlockCode, app.BlockTable, app.BlockFigure:
		default:
			for _, q := range inlineQuotations(b.Text) {
				q.Page = b.Page
				q.Line, _ = b.LinesOf(q.Line, q.Line+1)
				out = append(out, q)
			}
		}
	}
	for i := range out {
		if out[i].Cite.Same && i > 0 {
			out[i].Cite.Name = out[i-1].Cite.Name
		}
	}
	return out
}

// blockQuotation is a block quotation: its pincite is a parenthetical
// ending it, or the start of the paragraph after it.
func blockQuotation(text, next string) (Quotation, bool) {
	text = strings.TrimSpace(text)
	q := Quotation{Block: true}
	if i := strings.LastIndex(text, "("); i >= 0 && strings.HasSuffix(strings.TrimRight(text, ". "), ")") {
		if c, ok := parseCite(text[i:]); ok {
			q.Cite = c.Pincite
			text = strings.TrimSpace(text[:i])
		}
	}
	if q.Cite.Text == "" {
		lead := strings.HasPrefix(strings.TrimSpace(next), "(")
		if c, ok := parseCite(next); ok && (c.start < 8 || lead && c.start < 60) {
			q.Cite = c.Pincite
		}
	}
	q.Text = strings.Trim(text, "“”\"‘’ \n")
	return q, enoughWords(q)
}

func enoughWords(q Quotation) bool {
	n := len(tokenize(q.Text))
	return n >= minQuoteWords || n >= minCitedQuoteWords && q.Cite.Text != ""
}

// inlineQuotations finds the quotations in quote marks of one paragraph:
// “…”, "…", and ‘…’ as British drafts write them (a ’ inside a word is an
// apostrophe and does not close one). Each Line holds its byte offset in
// text until the caller turns it into a line.
func inlineQuotations(text string) []Quotation {
	var out []Quotation
	open, single := -1, false
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		closes := open >= 0 && (!single && (r == '”' || r == '"') || single && r == '’' && !nextIsLetter(text, i+size))
		switch {
		case open < 0 && (r == '“' || r == '"' && opening(text, i)):
			open, single = i+size, false
		case open < 0 && r == '‘' && opening(text, i):
			open, single = i+size, true
		case closes:
			if i-open <= maxQuoteBytes {
				q := Quotation{Text: strings.TrimSpace(text[open:i]), Line: open}
				after := text[i+size:]
				if c, ok := parseCite(citeRegion(after)); ok && c.start < 60 {
					q.Cite = c.Pincite
				} else if c, ok := citeBefore(text[:max(0, open-size)]); ok {
					q.Cite = c
				}
				if enoughWords(q) {
					out = append(out, q)
				}
			}
			open = -1
		}
		i += size
	}
	return out
}

// opening reports whether a straight double quote at i opens a quotation:
// it follows a space, an opening bracket or the start, and a word follows.
func opening(text string, i int) bool {
	if i > 0 {
		r, _ := utf8.DecodeLastRuneInString(text[:i])
		if !unicode.IsSpace(r) && !strings.ContainsRune("([{—–-:", r) {
			return false
		}
	}
	r, _ := utf8.DecodeRuneInString(text[i+1:])
	return i+1 < len(text) && !unicode.IsSpace(r)
}

// citeRegion is the text after a quotation where its pincite may stand:
// up to the next quotation, within citeWindow bytes; a parenthetical right
// after the quotation is taken whole.
func citeRegion(after string) string {
	if i := strings.IndexAny(after, "“\""); i >= 0 {
		after = after[:i]
	}
	trimmed := strings.TrimLeft(after, " ,.;:\n")
	if strings.HasPrefix(trimmed, "(") {
		if j := strings.Index(trimmed, ")"); j >= 0 {
			return trimmed[:j+1]
		}
	}
	if len(after) > citeWindow {
		cut := citeWindow
		for cut > 0 && !utf8.RuneStart(after[cut]) {
			cut--
		}
		after = after[:cut]
	}
	return after
}

// citeBefore finds a page or paragraph named before a quotation in its
// own sentence ("At page 12 the Agreement provides: “…”").
func citeBefore(before string) (Pincite, bool) {
	if i := strings.LastIndexAny(before, ".!?"); i >= 0 && i < len(before)-1 {
		if c, ok := parseCite(before[i+1:]); ok {
			return c.Pincite, true
		}
		return Pincite{}, false
	}
	if len(before) > citeWindow {
		return Pincite{}, false
	}
	c, ok := parseCite(before)
	return c.Pincite, ok
}

var (
	reExhibit = regexp.MustCompile(`(?i)\bEx(?:h(?:ibit)?)?\.?\s*([A-Z]{0,2}-?\d+[A-Z]?|[A-Z]{1,2})\b`)
	rePages   = regexp.MustCompile(`(?i)(?:\bpp?\.|\bpages?\b|\bat)\s*(\d+)(?:\s*[-–—]\s*(\d+))?`)
	reParas   = regexp.MustCompile(`(?:¶¶?|\bpara(?:graph)?s?\.?)\s*(\d+)(?:\s*[-–—]\s*(\d+))?`)
	reSignal  = regexp.MustCompile(`(?i)^(?:see also|see, e\.g\.,|see|cf\.|accord|compare|quoting|citing|e\.g\.,)\s+`)
	reIDCite  = regexp.MustCompile(`(?i)^id\.?(?:\s|,|$)`)
)

// parsedCite is a Pincite and where in the text its first part starts.
type parsedCite struct {
	Pincite
	start int
}

// parseCite reads the pincite at the start of text: pages ("p. 12", "pp.
// 12–14", "at 12", "page 12"), a numbered paragraph ("¶ 4"), an exhibit
// ("Ex. 4 at 12") and the name of the document the words before them give
// ("Annual Report at 12", "Smith Decl. ¶ 4"; "Id." for the source before).
func parseCite(text string) (parsedCite, bool) {
	var c parsedCite
	page := rePages.FindStringSubmatchIndex(text)
	para := reParas.FindStringSubmatchIndex(text)
	var m []int
	switch {
	case page != nil && (para == nil || page[0] < para[0]):
		m = page
		c.From, _ = strconv.Atoi(text[m[2]:m[3]])
		c.To = c.From
		if m[4] >= 0 {
			c.To, _ = strconv.Atoi(text[m[4]:m[5]])
		}
		if c.To < c.From {
			c.To = c.From
		}
	case para != nil:
		m = para
		c.Para, _ = strconv.Atoi(text[m[2]:m[3]])
	default:
		return c, false
	}
	// The name and exhibit stand before the page, within the parenthetical
	// when there is one; words there that do not start with a capital are
	// the draft's own prose ("was examined (p. 2)"), not a name.
	base := 0
	if i := strings.LastIndexAny(text[:m[0]], "(["); i >= 0 {
		base = i + 1
	}
	head := text[base:m[0]]
	nameEnd, citeStart := len(head), m[0]
	if ex := reExhibit.FindStringSubmatchIndex(head); ex != nil {
		c.Exhibit = head[ex[2]:ex[3]]
		nameEnd, citeStart = ex[0], base+ex[0]
	}
	lead := len(head) - len(strings.TrimLeft(head, " ,.;:\n"))
	if sig := reSignal.FindString(head[lead:]); sig != "" && lead+len(sig) <= nameEnd {
		lead += len(sig)
	}
	c.start = m[0]
	name := strings.TrimSpace(head[lead:max(lead, nameEnd)])
	if reIDCite.MatchString(name) {
		c.Same = true
	}
	name = strings.Trim(name, " ,;:")
	if r, _ := utf8.DecodeRuneInString(name); c.Same || !unicode.IsUpper(r) {
		name = ""
	}
	if name != "" || c.Same {
		citeStart = base + lead
	}
	c.Name = name
	c.Text = strings.TrimSpace(text[citeStart:m[1]])
	return c, true
}
