package answer

import (
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app"
	"archivist/app/lang"
)

// reading is what the answerer reads from a question before it reads the
// evidence: its terms as stems, the forms its words take in the evidence,
// the term it asks defined, the amounts it gives, its shape (answer type,
// years, measure, names) and, per source, the names it gives that the
// source's title holds.
type reading struct {
	ev      *app.Evidence
	qstems  []string
	fm      forms
	define  string // the term a "What is X?" question asks defined, or ""
	amounts []lang.Amount
	shape   shape
	// titleStems holds, per source number, the names the question gives
	// that the source's title holds: a document speaks of its own subject
	// as "the Company", so they are every sentence's of that source.
	titleStems map[int]map[string]bool
	// nameStems holds the stems of the names the question gives, typed
	// small among them (typedSmall): what a quote must carry itself.
	nameStems map[string]bool
	// measureStems holds the stems of the measure it asks, where it is
	// one statements name (measureNouns), which a row it names must carry
	// as well (candidateAt).
	measureStems map[string]bool
	// contexts holds the stems of each title and section path read so
	// far (contextStems).
	contexts map[string]map[string]bool
}

// readQuestion reads the question of ev.
func readQuestion(ev *app.Evidence) *reading {
	r := &reading{ev: ev, qstems: questionStems(ev.Terms), amounts: lang.Amounts(ev.Question.Text)}
	r.fm = questionForms(ev, r.qstems)
	r.define = r.fm.asksDefinition(ev.Question.Text)
	if r.define != "" {
		r.qstems = withoutDefinitionWords(r.qstems)
	}
	r.shape = askedShape(ev.Question.Text, ev.Terms)
	r.shape.dropTitled(ev.Sources)
	r.shape.dropSourceYears(ev.Question.Text)
	r.shape.named = r.fm.named(r.shape.stems)
	if r.shape.Particular {
		r.fm.rewords = coverRewordings(ev.Question.Text)
		if r.shape.Kind == "" {
			// "In which city are its principal executive offices?" asks
			// the city its cover states under "Address of principal
			// executive offices", which does not write "city".
			r.shape.Kind = lang.PrepositionKind(ev.Question.Text)
		}
	}
	if r.shape.Figure {
		r.shape.rewords = rewordings(ev.Question.Text, measureWordings)
		r.fm.rewords = append(r.fm.rewords, r.shape.rewords...)
	}
	if firmAskedRE.MatchString(ev.Question.Text) {
		r.fm.rewords = append(r.fm.rewords, rewordings(ev.Question.Text, auditWordings)...)
	}
	// The names a question gives: capitalised, or letters with digits,
	// like "3M".
	r.nameStems = map[string]bool{}
	for n := range givenNames(ev.Question.Text) {
		maps.Copy(r.nameStems, wordStems(n))
	}
	small := typedSmall(ev.Question.Text, ev.Sources)
	r.shape.smallNames = writtenAsNames(ev, small)
	for n := range small {
		maps.Copy(r.nameStems, wordStems(n))
	}
	// A name the measure or the kind asked is written with is the row's
	// own word ("Harbour revenue" names a segment's row, not a company).
	for st := range wordStems(r.shape.MeasureText + " " + r.shape.Kind) {
		delete(r.nameStems, st)
	}
	r.measureStems = map[string]bool{}
	for _, t := range lang.Tokens(r.shape.MeasureText) {
		if measureNouns[lang.Family(t.Lower)] {
			maps.Copy(r.measureStems, wordStems(t.Lower)) // what a statement names in its rows; a paper's "score" its table leaves unsaid
		}
	}
	for st := range r.nameStems {
		delete(r.measureStems, st)
	}
	// A name typed in small letters ("mgm resorts goodwill …") is the
	// title's as one written in capitals is: every passage of the
	// document is about its issuer, so a row writing the name ("MGM
	// China") carries it no more than the others.
	names := questionNames(ev.Question.Text)
	for n := range small {
		maps.Copy(names, wordStems(n))
	}
	r.titleStems = map[int]map[string]bool{}
	for _, src := range ev.Sources {
		r.titleStems[src.N] = map[string]bool{}
		for st := range wordStems(src.Title) {
			if names[st] {
				r.titleStems[src.N][st] = true
			}
		}
	}
	return r
}

// dropTitled leaves out of the measure the words that lead it and that a
// source's title writes: typed as a search, "jnj dividends per share
// 2022" names its company in small letters before the measure, and the
// title ("Johnson & Johnson 10-K 2022 (JNJ; …)") tells the name from the
// measure. The measure keeps at least its last word; the kind a leading
// name took becomes the measure's head.
func (sh *shape) dropTitled(sources []app.Source) {
	if !sh.Figure || len(sh.Measure) < 2 {
		return
	}
	titled := map[string]bool{}
	for _, src := range sources {
		for _, t := range lang.Tokens(src.Title) {
			titled[lang.Family(t.Lower)] = true
		}
	}
	n := 0
	for n < len(sh.Measure)-1 && titled[sh.Measure[n]] {
		n++
	}
	if n == 0 {
		return
	}
	if slices.Contains(sh.Measure[:n], sh.Kind) {
		sh.Kind = sh.Measure[len(sh.Measure)-1]
	}
	sh.Measure = sh.Measure[n:]
	words := strings.Fields(sh.MeasureText)
	if len(words) > n {
		sh.MeasureText = strings.Join(words[n:], " ")
	}
}

// typedSmall returns the words of a question typed all in small letters
// that a source's title writes as a name: "pepsico free cash flow 2022"
// names Pepsico as "PepsiCo free cash flow" would, and a quote must carry
// it as it carries any name the question gives. Words of the title's
// form, period and small print are no names. (Only the verdict reads
// them: how the question is weighed and picked is left as typed.)
func typedSmall(q string, sources []app.Source) map[string]bool {
	out := map[string]bool{}
	for i, t := range lang.Tokens(q) {
		if i > 0 && (t.Cap || t.AllCaps) {
			return out // the question writes its own capitals (past the one the interrogative opens with)
		}
	}
	titled := map[string]bool{}
	for _, src := range sources {
		for _, t := range lang.Tokens(src.Title) {
			if (t.Cap || t.AllCaps) && !t.Num && len(t.Lower) > 1 && !lang.IsStopWord(t.Lower) && !titlePrint[lang.Family(t.Lower)] && !periodWords[lang.Family(t.Lower)] {
				titled[t.Lower] = true
			}
		}
	}
	for _, t := range lang.Tokens(q) {
		if titled[t.Lower] {
			out[t.Lower] = true
		}
	}
	return out
}

// writtenAsNames returns the words of a question typed all in small
// letters, past issuer — the words a title names it by (typedSmall) —
// when the titles name it by a legal form (titlesIssuer), that the
// evidence writes as a name: capitalised within its sentences more often
// than in small letters, as a report writes
// "Sam's Club", "Commercial Airplanes" or "Azure" and a search box types
// "walmart sam's club net sales". Such a word names a part of the issuer,
// a product or another party, and a quote must carry it as it carries any
// name the question gives. The words statements name measures and periods
// with, and the question's own small words, are left out: a heading
// capitalises "Net Sales" as a name is capitalised. Unlike typedSmall it
// reads the evidence, so only the verdict reads it.
func writtenAsNames(ev *app.Evidence, issuer map[string]bool) map[string]bool {
	q := ev.Question.Text
	if len(issuer) == 0 || !titlesIssuer(ev.Sources) {
		// The question writes its own capitals, or does not name an
		// issuer a title names: a name the documents write may be the
		// issuer's own ("whirlpool door gap" of a "Refrigerator Use and
		// Care Guide"), which no passage needs to repeat.
		return nil
	}
	// The question's words that may name, each alone and each pair
	// typed side by side: "commercial airplanes" is a name where the
	// report writes "Commercial Airplanes" more often than the two words
	// in small letters, though it writes each of them so elsewhere.
	type pair struct{ a, b string } // family keys; b is "" for a word alone
	asked := map[pair][]string{}    // → the words as the question types them
	var prev *lang.Token
	for _, t := range lang.Tokens(q) {
		f := lang.Family(t.Lower)
		if t.Num || len(t.Lower) < 3 || issuer[t.Lower] || lang.IsStopWord(t.Lower) || lineMeasures[f] || measureNouns[f] || periodWords[f] || titlePrint[f] || genericKinds[f] {
			prev = nil
			continue
		}
		asked[pair{f, ""}] = []string{t.Lower}
		if prev != nil {
			asked[pair{lang.Family(prev.Lower), f}] = []string{prev.Lower, t.Lower}
		}
		prev = &t
	}
	if len(asked) == 0 {
		return nil
	}
	capital, small := map[pair]int{}, map[pair]int{}
	for _, src := range ev.Sources {
		toks := lang.Tokens(src.Text)
		for k, t := range toks {
			if t.AllCaps || t.Num {
				continue
			}
			f := lang.Family(t.Lower)
			at := []pair{{f, ""}}
			if k+1 < len(toks) && joinedInPhrase(src.Text[t.End:toks[k+1].Start]) && !toks[k+1].AllCaps && toks[k+1].Cap == t.Cap {
				at = append(at, pair{f, lang.Family(toks[k+1].Lower)})
			}
			for _, p := range at {
				if _, ok := asked[p]; !ok {
					continue
				}
				switch {
				case !t.Cap:
					small[p]++
				case withinSentence(src.Text[:t.Start]):
					capital[p]++
				}
			}
		}
	}
	out := map[string]bool{}
	for p, typed := range asked {
		if capital[p] > small[p] {
			for _, w := range typed {
				out[w] = true
			}
		}
	}
	return out
}

// titlesIssuer reports whether every source's title names its issuer by
// a legal form.
func titlesIssuer(sources []app.Source) bool {
	for _, src := range sources {
		named := false
		for _, t := range lang.Tokens(src.Title) {
			named = named || len(t.Lower) > 1 && legalWord(t.Lower) // "WALMART INC.", "3M Company"
		}
		if !named {
			return false
		}
	}
	return len(sources) > 0
}

// withinSentence reports whether a word after before stands within a
// sentence, a heading or a label, not at its start: after a word, a
// figure or a comma on the same line.
func withinSentence(before string) bool {
	before = strings.TrimRight(before, " \t")
	if before == "" {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(before)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == ','
}

// titlePrint are the words a document's title gives besides its
// issuer's name: its form, its kind, what it announces.
var titlePrint = familySet(`form report reports annual quarterly interim exhibit results release announces
	filed filing ended ending year quarter fiscal first second third fourth inc corp corporation company co ltd
	plc llc group holdings statement statements proxy current transition amendment no`)
