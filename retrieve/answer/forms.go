package answer

import (
	"regexp"
	"sort"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// Names written short: a question asking for the "CEO" is answered by a
// sentence naming the "Chief Executive Officer", and one naming the
// "Research and Development" costs by a row labelled "R&D". The
// abbreviations are the bundled common ones (lang.Common) and those the
// evidence's documents define (lang.Definitions), a document's own first.

// forms is what the answerer knows of the question's short forms.
type forms struct {
	// long maps a question term that is a short form (lower-case) to the
	// family keys of its long form's content words.
	long map[string][]string
	// short maps the family key of each question abbreviation to the
	// short form as a document writes it, for the definition rule.
	short map[string]string
	// defs are every definition the evidence's documents hold.
	defs []lang.Abbreviation
	// rewords are, for a question asking an issuer's particular, the ways
	// a form writes the particular's words (coverWordings).
	rewords []rewording
}

// rewording is a phrase of the question and the other ways a form writes
// it, as family keys with small words left out.
type rewording struct {
	asked   []string   // the question's words, lower-case as written
	written [][]string // the other phrases of its group
}

// coverWordings are the groups of phrases in which a person and a
// securities form name the same particular of an issuer: a person asks
// for the "ticker" or where it is "headquartered", which exchange "lists"
// its shares; the form's cover writes "Trading Symbol(s)", "Address of
// principal executive offices", and a sentence says the stock is
// "quoted" on an exchange. They are read only for a question asking such a
// particular (lang.Asked.Particular): elsewhere a "symbol" is no ticker.
var coverWordings = [][]string{
	{"ticker", "ticker symbol", "trading symbol", "stock symbol", "symbol"},
	{"headquarters", "headquartered", "head office", "principal executive offices", "principal executive office", "principal offices"},
	{"listed", "lists", "listing", "traded", "trades", "quoted"},
	{"incorporated", "incorporation", "organized", "organization", "organised", "organisation"},
}

// auditWordings are the ways a person and a filing name the firm that
// audits an issuer: a person asks for its "auditor" or who "audits" it;
// the firm signs the "Report of Independent Registered Public Accounting
// Firm". They are read only for a question asking which firm audits
// (firmAskedRE).
var auditWordings = [][]string{
	{"auditor", "auditors", "audits", "audited", "independent registered public accounting firm", "independent auditor", "independent auditors"},
}

// measureWordings are the names financial statements give one measure:
// earnings per share are as often "net income per share" (per common
// share), net income "net earnings". They are read only for a question
// asking a figure.
var measureWordings = [][]string{
	{"earnings per share", "earnings per common share", "net income per share", "net income per common share", "net earnings per share", "net earnings per common share"},
	{"net income", "net earnings"},
}

// coverRewordings returns, for each phrase of coverWordings that question
// writes, the other phrases of its group.
func coverRewordings(question string) []rewording { return rewordings(question, coverWordings) }

// rewordings returns, for each phrase of groups that question writes,
// the other phrases of its group.
func rewordings(question string, groups [][]string) []rewording {
	asked := contentFamilies(question)
	var out []rewording
	for _, group := range groups {
		for i, p := range group {
			words := contentFamilies(p)
			if !lang.ContainsRun(asked, words) {
				continue
			}
			rw := rewording{asked: strings.Fields(p)}
			for j, o := range group {
				if j != i {
					rw.written = append(rw.written, contentFamilies(o))
				}
			}
			out = append(out, rw)
		}
	}
	return out
}

// questionForms reads the abbreviations the evidence defines and keeps
// those the question names by their short or their long form.
func questionForms(ev *app.Evidence, stems []string) forms {
	f := forms{long: map[string][]string{}, short: map[string]string{}}
	var texts []string
	for _, b := range ev.Blocks {
		texts = append(texts, b.Text)
	}
	sort.Strings(texts) // one order, so the first definition is the same every time
	// The documents' own definitions learned at import come first, then
	// those the evidence itself holds (a library read before they were
	// learned), then the common ones.
	for _, src := range ev.Sources {
		for _, a := range src.Abbreviations {
			f.defs = append(f.defs, lang.Abbreviation{Short: a.Short, Long: a.Long})
		}
	}
	f.defs = append(f.defs, lang.Definitions(strings.Join(texts, "\n\n"))...)
	all := append(append([]lang.Abbreviation(nil), f.defs...), lang.Common()...)
	asked := map[string]bool{}
	for _, s := range stems {
		asked[s] = true
	}
	for _, t := range lang.Tokens(ev.Question.Text) {
		asked[t.Lower] = true
	}
	all = append(all, titleInitials(ev, ev.Question.Text)...)
	for _, a := range all {
		key := strings.ToLower(a.Short)
		if _, done := f.long[key]; done || !asked[key] && !asked[lang.Family(key)] {
			continue
		}
		var words []string
		for _, t := range lang.Tokens(a.Long) {
			if !smallWord(t.Lower) {
				words = append(words, lang.Family(t.Lower))
			}
		}
		if len(words) > 0 {
			f.long[key] = words
			f.short[lang.Family(key)] = a.Short
		}
	}
	return f
}

// titleInitials returns, for each name the question writes as initials
// ("J&J", "GM", "P&G"), the run of capitalised words of a source's title
// they are the initials of ("JOHNSON & JOHNSON"), as an abbreviation: a
// person names a company by its initials where its filings write it in
// full. Joining words ("&", "and", "of", "the") are not initials.
func titleInitials(ev *app.Evidence, question string) []lang.Abbreviation {
	var out []lang.Abbreviation
	for _, t := range lang.Tokens(question) {
		letters := strings.ReplaceAll(t.Lower, "&", "")
		if len(letters) < 2 || len(letters) > 5 || !(t.AllCaps || strings.Contains(t.Lower, "&")) || strings.IndexFunc(letters, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
			continue
		}
		short := question[t.Start:t.End]
		for _, src := range ev.Sources {
			if long := initialsRun(src.Title, letters); long != "" {
				out = append(out, lang.Abbreviation{Short: short, Long: long})
				break
			}
		}
	}
	return out
}

// initialsRun returns the run of capitalised words of title whose initials
// spell letters, joining words between them kept, or "".
func initialsRun(title, letters string) string {
	var words []lang.Token
	for _, t := range lang.Tokens(title) {
		if !smallWord(t.Lower) && t.Lower != "and" {
			words = append(words, t)
		}
	}
	for i := 0; i+len(letters) <= len(words); i++ {
		ok := true
		for j := range len(letters) {
			w := words[i+j]
			if !w.Cap || w.Num || w.Lower[0] != letters[j] || len(w.Lower) < 2 {
				ok = false
				break
			}
		}
		if ok {
			return title[words[i].Start:words[i+len(letters)-1].End]
		}
	}
	return ""
}

// named returns asked with the family keys of the long forms of the
// question's abbreviations: "Chief Executive Officer" is the question's
// own words when it asks for the CEO.
func (f forms) named(asked map[string]bool) map[string]bool {
	if len(f.long) == 0 {
		return asked
	}
	out := make(map[string]bool, len(asked))
	for w := range asked {
		out[w] = true
	}
	for _, long := range f.long {
		for _, w := range long {
			out[w] = true
		}
	}
	return out
}

func smallWord(w string) bool {
	switch w {
	case "of", "and", "the", "for", "in", "on", "to", "a", "an", "&":
		return true
	}
	return false
}

// expand adds to a candidate's words the short forms whose long form it
// writes in full, in order: "Chief Executive Officer" stands for "CEO".
func (f forms) expand(words map[string]bool, families []string) {
	for short, long := range f.long {
		if lang.ContainsRun(families, long) { // small words are left out of both
			words[lang.Family(short)] = true
			words[short] = true
		}
	}
	for _, rw := range f.rewords {
		for _, o := range rw.written {
			if lang.ContainsRun(families, o) {
				for _, w := range rw.asked {
					words[w], words[lang.Inflection(w)], words[lang.Family(w)] = true, true, true
				}
				break
			}
		}
	}
}

// narrowed reports whether text writes the long form of a short form the
// question asks for as a narrower one: followed by a comma and a
// capitalised word the question does not ask — "Chief Executive Officer,
// International Beverages" is not the company's CEO, as a row labelled
// "Total Health Care Business Group" is not the company's total.
func (f forms) narrowed(text string, asked map[string]bool) bool {
	if len(f.long) == 0 {
		return false
	}
	var toks []lang.Token
	for _, t := range lang.Tokens(text) {
		if !smallWord(t.Lower) {
			toks = append(toks, t)
		}
	}
	for _, long := range f.long {
		for i := 0; i+len(long) < len(toks); i++ {
			run := true
			for j, w := range long {
				if lang.Family(toks[i+j].Lower) != w {
					run = false
					break
				}
			}
			if !run {
				continue
			}
			last, next := toks[i+len(long)-1], toks[i+len(long)]
			if strings.TrimSpace(text[last.End:next.Start]) == "," && next.Cap && !asked[lang.Family(next.Lower)] {
				return true
			}
		}
	}
	return false
}

// narrowedFit is what a quote loses for writing an asked title as a
// narrower one (forms.narrowed), in units of coverage.
const narrowedFit = 0.10

// contentFamilies returns the family keys of s's words without the small
// joining words, in order.
func contentFamilies(s string) []string {
	var out []string
	for _, t := range lang.Tokens(s) {
		if !smallWord(t.Lower) {
			out = append(out, lang.Family(t.Lower))
		}
	}
	return out
}

// definitionAsked is a question asking what a short form stands for:
// "What does NARL stand for?", "What is the full form of EPS?", "What
// does AD mean in this notice?".
var definitionAsked = regexp.MustCompile(`(?i)\b(stands?\s+for|full\s+form|abbreviat\w*|acronym|expan(d|sion)|mean(s|ing)?|short\s+for)\b`)

// definitionWords only say that a definition is asked for; as terms they
// would make a definition look like a poor answer. Held by family.
var definitionWords = familySet(`stand stands full form abbreviation abbreviations acronym acronyms expand expansion
	mean means meaning short document report paper`)

func familySet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[lang.Family(w)] = true
	}
	return m
}

// asksDefinition returns the short form whose definition the question
// asks for, as a document writes it, or "".
func (f forms) asksDefinition(question string) string {
	if !definitionAsked.MatchString(question) && !strings.HasPrefix(strings.ToLower(strings.TrimSpace(question)), "what is ") {
		return ""
	}
	for _, t := range lang.Tokens(question) {
		if t.AllCaps || strings.ContainsRune(t.Lower, '&') {
			if s, ok := f.short[lang.Family(t.Lower)]; ok {
				return s
			}
		}
	}
	return ""
}

// defines reports whether text defines short: it writes the short form
// with its long form, as lang.Definitions reads a definition.
func defines(text, short string) bool {
	if !strings.Contains(text, short) {
		return false
	}
	for _, a := range lang.Definitions(text) {
		if a.Short == short {
			return true
		}
	}
	return false
}

// definesFit is the weight of a quote that defines the short form a
// question asks about, in units of coverage: the definition is the answer.
const definesFit = 0.30

func withoutDefinitionWords(stems []string) []string {
	var out []string
	for _, s := range stems {
		if !definitionWords[s] {
			out = append(out, s)
		}
	}
	return out
}

// figureMaxChars is the longest block read as a figure under its
// heading: a number with at most a word or two beside it.
const figureMaxChars = 40

// figureLabel returns the heading a short figure is set under — "1914"
// as the whole block under the heading "Employees", as brochures, slides
// and fact sheets set their figures — or "" when the text is no such
// figure: longer, without a number, or a table row (read by its header).
func figureLabel(ev *app.Evidence, w *app.Window, off int, text string) string {
	span, boff, ok := locate(w, off)
	if !ok {
		return ""
	}
	b := ev.Blocks[span.BlockID]
	if b.Kind == app.BlockTable || b.Kind == app.BlockHeading {
		return ""
	}
	if len(strings.TrimSpace(b.Text)) > figureMaxChars || !hasAmount(text, true) || wordsBesideNumbers(b.Text) > 2 {
		// "Graduate Programme Brochure 7": a line of words, not a figure,
		// unless it is the line set under a heading.
		return lineLabel(ev, b, boff, text)
	}
	path := ev.Sections[b.SectionID]
	if i := strings.LastIndex(path, " › "); i >= 0 {
		path = path[i+len(" › "):]
	}
	return strings.TrimSpace(path)
}

// wordsBesideNumbers counts the words of s that are not numbers.
func wordsBesideNumbers(s string) int {
	n := 0
	for _, t := range lang.Tokens(s) {
		if !t.Num {
			n++
		}
	}
	return n
}

// lineLabel returns the heading a short line is set under when the line
// opens the block that follows the heading — a role under a person's
// name on a people page, a value under its field on a fact sheet:
// "Consulting FftF Core Assurance" under "Ghada Ibrahim" — or "" for
// anything else: a sentence, a longer line, a line further down.
func lineLabel(ev *app.Evidence, b app.Block, boff int, text string) string {
	if len(text) > figureMaxChars || strings.TrimSpace(b.Text[:boff]) != "" || strings.ContainsAny(text, ".!?:;") {
		return ""
	}
	for _, h := range ev.Blocks {
		if h.Seq == b.Seq-1 && h.Kind == app.BlockHeading && h.Page == b.Page && h.SectionID == b.SectionID {
			return strings.Join(strings.Fields(h.Text), " ")
		}
	}
	return ""
}
