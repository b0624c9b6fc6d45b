package answer

import (
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"

	"archivist/app/lang"
)

// Who holds an office. Reports, filings and articles write an office
// holder as a name beside a title, and the title says whose office it is:
// "Chief Executive Officer" is not "Chief Information and Digital
// Officer"; "Chief Executive Officer, International Beverages" is a
// division's head, "chairman of Sarr Group" another company's, and
// "served as President and Chief Executive Officer from 2006 - January
// 2020" a former holder. A "who is" question is answered by the title as
// it asks it, held in the asker's organisation, now.

// officeForms are the abbreviations of offices English writes both ways.
var officeForms = map[string]string{
	"ceo": "chief executive officer", "cfo": "chief financial officer", "coo": "chief operating officer",
	"cto": "chief technology officer", "cio": "chief information officer", "cao": "chief accounting officer",
	"cmo": "chief marketing officer", "clo": "chief legal officer", "gc": "general counsel",
}

// officeWords are the words a title is made of.
var officeWords = map[string]bool{
	"chief": true, "executive": true, "financial": true, "operating": true, "technology": true, "information": true,
	"accounting": true, "marketing": true, "legal": true, "general": true, "counsel": true, "officer": true,
	"president": true, "vice": true, "chair": true, "chairman": true, "chairwoman": true, "chairperson": true,
	"director": true, "secretary": true, "treasurer": true, "controller": true, "comptroller": true,
	"advisor": true, "adviser": true, "founder": true, "co-founder": true, "member": true, "partner": true,
	"trustee": true, "head": true, "managing": true,
	"principal": true, "senior": true, "deputy": true, "assistant": true, "acting": true, "interim": true,
	"ceo": true, "cfo": true, "coo": true, "cto": true, "cio": true, "cao": true, "cmo": true, "clo": true, "gc": true,
}

// chairForms are the ways English writes the office of a chair.
var chairForms = map[string]bool{"chair": true, "chairman": true, "chairwoman": true, "chairperson": true}

// officeVerbs are the verbs by which a question asks who holds an office
// the verb names: "Who chairs the board?" asks for its chair.
var officeVerbs = map[string]string{"chairs": "chair", "chaired": "chair", "heads": "head", "headed": "head"}

// askedTitles returns the titles a who-question asks about, each as the
// words it is written with, long forms for abbreviations: "Who is Nike's
// president and CEO?" asks "president" and "chief executive officer".
// "Who is the chief executive of 3M?" asks "chief executive".
func askedTitles(q string) []string {
	var out []string
	var run []string
	flush := func() {
		if len(run) > 0 {
			out = append(out, strings.Join(run, " "))
			run = nil
		}
	}
	toks := lang.Tokens(q)
	for i, t := range toks {
		w := t.Lower
		if o, ok := officeVerbs[w]; ok {
			w = o // "Who chairs the board?" asks who is its chair
		}
		switch {
		case officeForms[w] != "":
			flush()
			out = append(out, officeForms[w])
		case officeWords[w] && t.Cap && i+1 < len(toks) && toks[i+1].Cap && !officeWords[toks[i+1].Lower] && officeForms[toks[i+1].Lower] == "":
			// "General Mills", "President Biden": the word opens a name,
			// and names no office asked.
			flush()
		case officeWords[w]:
			run = append(run, w)
		default:
			flush()
		}
	}
	flush()
	return out
}

// writesTitle returns the byte offsets just past each place text writes
// title, in its long or its short form.
func writesTitle(text, title string) [][2]int {
	low := asciiLower(text) // byte for byte as text: its offsets are text's
	var spans [][2]int
	forms := []string{title}
	if chairForms[title] {
		forms = slices.Sorted(maps.Keys(chairForms)) // one office, written four ways
	}
	for short, long := range officeForms {
		if strings.HasPrefix(long, title) {
			forms = append(forms, short) // "chief executive" is written "CEO" too
		}
	}
	for _, f := range forms {
		for i := 0; ; {
			j := strings.Index(low[i:], f)
			if j < 0 {
				break
			}
			j += i
			end := j + len(f)
			if (j == 0 || !isLetter(low[j-1])) && (end == len(low) || !isLetter(low[end]) || strings.HasPrefix(low[end:], "s")) {
				spans = append(spans, [2]int{j, end})
			}
			i = end
		}
	}
	return spans
}

// asciiLower lower-cases the ASCII letters of s and leaves every other
// byte as it is, so that an offset into the result is one into s
// (strings.ToLower may change a text's length: "İ" becomes "i̇").
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// otherHolderRE finds what follows a title and makes it another's: a
// comma, "of", "for" or "at" and a name ("…, Sarr Group LLC", "… of
// Ingersoll Rand", "… for the Climate Solutions Sector").
//
// The rest of a joint title is skipped first: in "Chairman and Chief
// Executive Officer, Sarr Group LLC" both titles are Sarr Group's.
var otherHolderRE = regexp.MustCompile(`^((?i:\s*,?\s*(and\s+|&\s+)?(` + officeAlternatives() + `)\b))*\s*(,|\bof\b|\bfor\b|\bat\b)\s*(the\s+)?(\p{Lu}[\p{L}&.\-’']*)`)

// officeAlternatives is officeWords as alternatives of an expression.
func officeAlternatives() string {
	words := make([]string, 0, len(officeWords))
	for w := range officeWords {
		words = append(words, w)
	}
	sort.Strings(words)
	return strings.Join(words, "|")
}

// ownWords are the words by which a document names its own organisation
// or board after a title: "Chairman of the Board", "President of the
// Company".
var ownWords = map[string]bool{"company": true, "corporation": true, "board": true, "group": true, "registrant": true,
	"directors": true, "firm": true, "bank": true, "trust": true, "partnership": true, "society": true, "consolidated": true}

// pastBeforeRE finds, in the clause before a title, the words that set it
// in the past ("previously served as", "prior to joining Corning, …");
// pastAfterRE, right after it, a tenure that has ended ("from 2006 -
// January 2020", "until 2019"). A title held "since September 2016" is
// held now, whatever else the sentence lists.
var (
	pastBeforeRE = regexp.MustCompile(`(?i)\b(previously|formerly|former|prior to|retired)\b[^;]*$`)
	pastAfterRE  = regexp.MustCompile(`(?i)^[^;]{0,40}?(\bfrom\s+(\p{L}+\s+)?\d{4}\s*(-|–|—|to|through)\s*(\p{L}+\s+)?\d{4}\b|\buntil\b)`)
)

// presentRE finds a question asking who holds an office now.
var presentRE = regexp.MustCompile(`(?i)^\s*who\s+(is|'s|are|serves|currently|now)\b`)

// holdsTitleAsked reports whether text writes each title the question
// asks, as it asks it, at least once held in the asker's organisation (not
// qualified by another name the question does not give), and — for a
// question in the present — not set in the past. asked holds the
// question's family keys.
func holdsTitleAsked(q, text string, asked map[string]bool) bool {
	present := presentRE.MatchString(q)
	text = strings.Join(strings.Fields(text), " ") // a title broken over lines is one title
	for _, title := range askedTitles(q) {
		held := false
		for _, span := range writesTitle(text, title) {
			start, end := span[0], span[1]
			m := otherHolderRE.FindStringSubmatch(text[end:])
			var holder string
			if m != nil {
				holder = strings.ToLower(strings.TrimRight(m[len(m)-1], ".’'")) // "of Portmere." ends a sentence
			}
			own := m == nil || ownWords[holder] || officeWords[holder] || asked[lang.Family(holder)] || asked[holder]
			before := text[max(0, start-80):start] // the title may be written short: "CFO" for "chief financial officer"
			past := pastBeforeRE.MatchString(before) || pastAfterRE.MatchString(text[end:])
			held = held || own && !(present && past)
		}
		if !held {
			return false
		}
	}
	return true
}

// firmAskedRE finds a question asking which firm does something — audits,
// advises, underwrites — which a document answers with the firm's name.
var firmAskedRE = regexp.MustCompile(`(?i)\b(audit\w*|accounting firm|law firm|underwrit\w*|trustee|(?:transfer|administrative|paying) agent|registrar)\b`)

// namesFirm reports whether text names a firm ("KPMG LLP", "Deloitte &
// Touche LLP") that is not the one the question names: a name holding a
// word of the question's is the company asked about ("Verizon
// Communications Inc." when the question asks who audits Verizon).
func namesFirm(text string, asked map[string]bool) bool {
	for _, m := range append(orgNameRE.FindAllString(text, -1), bankNameRE.FindAllString(text, -1)...) {
		fresh, own := false, false
		for _, t := range lang.Tokens(m) {
			if t.Cap || t.AllCaps {
				switch {
				case asked[lang.Family(t.Lower)] || asked[t.Lower]:
					own = true
				case !orgSuffix[t.Lower] && !lang.IsStopWord(t.Lower):
					fresh = true
				}
			}
		}
		if fresh && !own {
			return true
		}
	}
	return false
}

// bankNameRE finds a bank's name, which carries the word whatever its
// legal form: "Deutsche Bank Trust Company Americas", "U.S. Bank National
// Association".
var bankNameRE = regexp.MustCompile(`\b(\p{Lu}[\p{L}&.\-]*\s+){0,4}Bank(\s+\p{Lu}[\p{L}&.\-]*){0,4}`)

var orgSuffix = map[string]bool{"llp": true, "llc": true, "inc": true, "ltd": true, "plc": true, "gmbh": true, "ag": true, "s": true, "a": true, "n": true, "v": true}

// nameCommaRE finds a person's name of two words or more and a comma
// ending the text before a title: "said Dave Kimbell, " before "chief
// executive officer".
var nameCommaRE = regexp.MustCompile(`\p{Lu}[\p{L}.'’\-]*(\s+\p{Lu}[\p{L}.'’\-]*)*\s+\p{Lu}[\p{L}'’\-]+\s?,\s+((the|our|its)\s+)?$`)

// nameThenTitle reports whether text writes a name, a comma and then a
// title the question asks, as a press release writes it in lower case:
// "said Dave Kimbell, chief executive officer".
func nameThenTitle(text, q string) bool {
	for _, title := range askedTitles(q) {
		for _, sp := range writesTitle(text, title) {
			if nameCommaRE.MatchString(text[:sp[0]]) {
				return true
			}
		}
	}
	return false
}
