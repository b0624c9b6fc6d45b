package lang

import (
	"regexp"
	"strings"
	"unicode"
)

// Word forms and names: the same word written as another of its forms
// ("employees", "employed", "employment" are one word family), and a name
// written short ("CEO" for "Chief Executive Officer"). A stemmer joins
// inflections only; a reader joins the family and the abbreviation too.

// Family returns the word-family key of a lower-case word: its inflection
// removed ("-s", "-es", "-ies", "-ed", "-ing"), then at most one common
// derivational suffix that makes a person, a state or an act of a verb
// ("-ee", "-ment", "-ness", "-ity", "-ation", "-ion", "-al"), then a final
// "e" and a doubled last consonant. "employees", "employed", "employing"
// and "employment" are all "employ"; "planned" and "planning" are "plan".
//
// It is deliberately conservative: it leaves "-er" alone ("number",
// "member" and "customer" are no agents of "numb", "memb", "custom"), and
// a suffix comes off only when at least four letters remain (five for
// "-ion": "million" and "opinion" stay whole; six for "-al": "general" is
// no kin of "generation", "total" none of "tot"). Numbers and words with
// digits are returned as they are. An irregular form is read as its base
// form first ("began" is "begin", "children" "child"), and a word spelled
// two ways in one spelling ("recognized" is "recognised"; irregular.go).
func Family(w string) string {
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' || w[i] >= 0x80 {
			return w
		}
	}
	w = baseForm(w)
	s := inflection(w)
	for _, d := range []struct {
		suf  string
		keep int
	}{{"ation", 4}, {"ment", 4}, {"ness", 4}, {"ity", 4}, {"ion", 5}, {"ee", 4}, {"al", 6}} {
		if strings.HasSuffix(s, d.suf) && len(s)-len(d.suf) >= d.keep {
			s = s[:len(s)-len(d.suf)]
			break
		}
	}
	if len(s) > 4 {
		s = strings.TrimSuffix(s, "e")
	}
	return undouble(s)
}

// Inflection returns a lower-case word with its plural, past or
// progressive ending removed and nothing more: "models" is "model",
// "refunded" "refund", but "technical" stays whole. A name is met by its
// inflections, never by a word it resembles ("Technic" is no
// "technical"), so names are compared by Inflection, words by Family.
func Inflection(w string) string {
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' || w[i] >= 0x80 {
			return w
		}
	}
	return inflection(w)
}

// inflection removes a plural, past or progressive ending.
func inflection(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s") && len(w) > 3:
		return w[:len(w)-1]
	case strings.HasSuffix(w, "ied") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ed") && len(w) > 4:
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ing") && len(w) > 5:
		return w[:len(w)-3]
	}
	return w
}

// undouble turns a doubled final consonant into one ("plann" → "plan").
func undouble(s string) string {
	n := len(s)
	if n >= 4 && s[n-1] == s[n-2] && !strings.ContainsRune("aeiouls", rune(s[n-1])) {
		return s[:n-1]
	}
	return s
}

// Abbreviation is a short form and the name it stands for, as written.
type Abbreviation struct {
	Short string // "CEO", as the text writes it
	Long  string // "Chief Executive Officer"
}

// commonAbbreviations are abbreviations every reader of business and
// official documents knows without their being defined. A document's own
// definitions come first (Definitions).
var commonAbbreviations = []Abbreviation{
	{"CEO", "Chief Executive Officer"}, {"CFO", "Chief Financial Officer"}, {"COO", "Chief Operating Officer"},
	{"CTO", "Chief Technology Officer"}, {"CIO", "Chief Information Officer"}, {"CAO", "Chief Accounting Officer"},
	{"EVP", "Executive Vice President"}, {"SVP", "Senior Vice President"}, {"VP", "Vice President"},
	{"EPS", "Earnings Per Share"}, {"R&D", "Research and Development"}, {"SG&A", "Selling, General and Administrative"},
	{"AGM", "Annual General Meeting"}, {"IPO", "Initial Public Offering"}, {"GDP", "Gross Domestic Product"},
	{"FY", "Fiscal Year"}, {"YoY", "Year over Year"}, {"Q1", "First Quarter"}, {"Q2", "Second Quarter"},
	{"Q3", "Third Quarter"}, {"Q4", "Fourth Quarter"}, {"HQ", "Headquarters"}, {"SEC", "Securities and Exchange Commission"},
	{"GAAP", "Generally Accepted Accounting Principles"}, {"EBITDA", "Earnings Before Interest, Taxes, Depreciation and Amortization"},
	{"EU", "European Union"},
	{"UK", "United Kingdom"}, {"US", "United States"}, {"USA", "United States of America"}, {"UN", "United Nations"},
}

// Common returns the bundled abbreviations.
func Common() []Abbreviation { return append([]Abbreviation(nil), commonAbbreviations...) }

// Definitions finds the abbreviations a text defines, the ways documents
// define them: a name followed by its short form in parentheses or quotes
// — "Chief Executive Officer (“CEO”)", "National Atmospheric Research
// Laboratory (NARL)", "the Securities and Exchange Commission (the
// “SEC”)" — where the short form's letters are the initials of the name's
// last words (small joining words may be skipped); and "CEO means Chief
// Executive Officer" or "“CEO” refers to the Chief Executive Officer".
// Each short form is reported once, at its first definition.
func Definitions(text string) []Abbreviation {
	var out []Abbreviation
	seen := map[string]bool{}
	add := func(a Abbreviation) {
		if !seen[a.Short] {
			seen[a.Short] = true
			out = append(out, a)
		}
	}
	for i := 0; i < len(text); i++ {
		if text[i] != '(' {
			continue
		}
		j := strings.IndexByte(text[i:], ')')
		if j < 0 || j > 24 {
			continue
		}
		short := trimShort(text[i+1 : i+j])
		if !shortForm(short) {
			continue
		}
		if long := longFormBefore(text[:i], short); long != "" {
			add(Abbreviation{Short: short, Long: long})
		}
	}
	if !mayMean(text) {
		return out
	}
	for _, m := range meansRE.FindAllStringSubmatch(text, -1) {
		short, words := trimShort(m[1]), strings.Fields(m[2])
		if !shortForm(short) {
			continue
		}
		for n := len(initialsOf(short)); n <= len(words); n++ {
			if initialsMatch(short, words[:n]) {
				add(Abbreviation{Short: short, Long: strings.Trim(strings.Join(words[:n], " "), ",.;:")})
				break
			}
		}
	}
	return out
}

// meansRE matches a definition by a verb: "“CEO” means the Chief
// Executive Officer", "AD stands for Airworthiness Directive".
var meansRE = regexp.MustCompile(`(?:^|[\s(“"])([“"]?[A-Z][A-Za-z0-9&-]{1,9}[”"]?)\s+(?:means|shall mean|refers to|stands for|is short for)\s+(?:the\s+|an?\s+)?([A-Z][^.;\n]{2,100})`)

// meansVerbs are the last words of meansRE's verbs ("means" and "shall
// mean" end in "mean", "means" with an "s" more), each of which a match
// writes as it reads them (it does not fold case) and follows by a space.
var meansVerbs = []string{"mean", "refers", "stands", "short"}

// mayMean reports whether text writes a word of meansVerbs followed by a
// space (\s), so meansRE runs only where it can match: it has no literal
// prefix to search for, and running it over a question's whole evidence
// was most of the time an answer spent reading the evidence's
// definitions. The space matters: filings write "short-term" and
// "meaning" far more often than any of the verbs.
func mayMean(text string) bool {
	for _, v := range meansVerbs {
		for rest := text; ; {
			i := strings.Index(rest, v)
			if i < 0 {
				break
			}
			rest = rest[i+len(v):]
			after := rest
			if v == "mean" && strings.HasPrefix(after, "s") {
				after = after[1:]
			}
			if after != "" && strings.IndexByte("\t\n\f\r ", after[0]) >= 0 {
				return true
			}
		}
	}
	return false
}

// trimShort removes the quotes and articles around a defined short form:
// `the “SEC”` is SEC.
func trimShort(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "the ")
	s = strings.TrimPrefix(s, "The ")
	return strings.Trim(s, "\"'“”‘’ ")
}

// shortForm reports whether s looks like an abbreviation: 2 to 10
// letters, digits or "&", at least two of them upper-case letters.
func shortForm(s string) bool {
	if len(s) < 2 || len(s) > 10 {
		return false
	}
	caps := 0
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			caps++
		case unicode.IsLower(r), unicode.IsDigit(r), r == '&', r == '-':
		default:
			return false
		}
	}
	return caps >= 2
}

// smallWords may stand in a name without giving it a letter.
var smallWords = map[string]bool{"of": true, "and": true, "the": true, "for": true, "in": true, "on": true, "&": true, "to": true, "a": true}

// longFormBefore finds, at the end of before, the words whose initials
// spell short: "… National Atmospheric Research Laboratory " for NARL.
func longFormBefore(before, short string) string {
	before = strings.TrimRight(before, " \n\t,")
	words := strings.Fields(before)
	letters := initialsOf(short)
	// Look back at most twice as many words as letters, for small words;
	// the fewest words that spell it win.
	for n := 1; n <= 2*len(letters) && n <= len(words); n++ {
		cand := words[len(words)-n:]
		if smallWords[strings.ToLower(cand[0])] {
			continue
		}
		if initialsMatch(short, cand) {
			return strings.Trim(strings.Join(cand, " "), "([“\"'‘,;: ")
		}
	}
	return ""
}

// Abbreviates reports whether short, a short form written in capitals, is
// the initials of name: "EU" of "European Union" and of "The European
// Union" (small joining words may give no letter).
func Abbreviates(short, name string) bool {
	return len(short) > 1 && strings.ToUpper(short) == short && initialsMatch(short, strings.Fields(name))
}

// initialsOf returns the upper-case letters of a short form, lower-cased:
// "R&D" is "rd", "NE-SAC" is "nesac".
func initialsOf(short string) string {
	var b strings.Builder
	for _, r := range short {
		if unicode.IsUpper(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// initialsMatch reports whether the first letters of words, small joining
// words optionally skipped, spell the short form's capitals; a hyphenated
// word may give a letter for each part ("Semi-Conductor" gives s and c).
func initialsMatch(short string, words []string) bool {
	want := initialsOf(short)
	var heads []head
	for _, w := range words {
		w = strings.Trim(w, ",.;:()\"'“”‘’")
		if w == "" {
			return false
		}
		lw := strings.ToLower(w)
		if !strings.ContainsFunc(lw, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			continue // a mark between words ("?", "–") spells nothing
		}
		if smallWords[lw] {
			heads = append(heads, head{letters: lw[:1], optional: true})
			continue
		}
		var h strings.Builder
		for _, part := range strings.Split(lw, "-") {
			if part != "" {
				h.WriteByte(part[0])
			}
		}
		if h.Len() == 0 {
			continue
		}
		heads = append(heads, head{letters: h.String()})
	}
	return matchHeads(want, heads)
}

// head is what one word may give a short form: its first letter, or its
// hyphen parts' letters; a small word's letter is optional.
type head struct {
	letters  string
	optional bool
}

// matchHeads matches initials against the words' heads in order: a word
// gives its first letter or all its hyphen parts' letters; a small word
// may give its letter or nothing.
func matchHeads(want string, heads []head) bool {
	if len(heads) == 0 {
		return want == ""
	}
	h := heads[0]
	if h.optional {
		if want != "" && want[0] == h.letters[0] && matchHeads(want[1:], heads[1:]) {
			return true
		}
		return matchHeads(want, heads[1:])
	}
	if strings.HasPrefix(want, h.letters) && matchHeads(want[len(h.letters):], heads[1:]) {
		return true
	}
	return len(h.letters) > 1 && want != "" && want[0] == h.letters[0] && matchHeads(want[1:], heads[1:])
}
