package answer

import (
	"regexp"
	"strings"

	"archivist/app/lang"
)

// A sentence may carry every word of a question and still say otherwise
// than it asks: it denies the asked word, writes its antonym where the
// question writes the word, holds the question's names in the other
// roles of its verb, or places or owns the question's words otherwise.
// None of these answers.

// saysOtherwise returns why text, read under label, says otherwise than
// the question asks, or "". A yes/no question is answered by a denial or
// an opposite, so those two do not bar it.
func saysOtherwise(q string, sh shape, text, label string) string {
	if !sh.YesNo && deniesUnasked(q, text) {
		return "the passage denies what the question asks"
	}
	if swapsRoles(q, text) {
		return "the passage gives the names asked in the other roles"
	}
	if p := placedElsewhere(q, text); p != "" {
		return "the passage places it in " + p + ", not where the question asks"
	}
	if o := ownedElsewhere(q, text); o != "" {
		return "the passage gives it as " + o + "'s, not as the question asks"
	}
	if w := saysOpposite(q, text+"\n"+label); !sh.YesNo && w != "" {
		return "the passage says " + w + ", the opposite of what the question asks"
	}
	return ""
}

// A sentence that denies what a question asks as so does not answer it:
// "Although the European Union does not have a codified constitution …"
// does not say who has one, "The Court … had not proven that …" not what
// it proved, "regarded the treatment unnecessary" not what it regarded
// as necessary. The denial must bear on a word of the question: the
// first word of substance after "not", "never", "cannot" or "-n't" (an
// adverb in -ly passed over: "not expressly provided"), or the word
// itself denied by "un-" ("unnecessary"). A denial that bounds rather
// than denies — "not until 1990", "not only", "not less than" — is none.
var (
	denialRE  = regexp.MustCompile(`(?i)\b(not|never|cannot|neither|nor)\b|n['’]t\b`)
	untilRE   = regexp.MustCompile(`(?i)\b(until|till)\b`)
	boundedRE = regexp.MustCompile(`(?i)^(only|just|merely|least|until|till|unlike|more|less|fewer|than|later|earlier|before|after|always|all|every|necessarily|quite|yet)$`)
)

// passedOver are the adverbs that stand between a denial and what it
// denies without ending in -ly: "not even having a crime".
var passedOver = wordSet(`even also still ever`)

// nonWordRE finds a word denied by "non-": "non-current", "noncash".
var nonWordRE = regexp.MustCompile(`(?i)\bnon-?(\p{L}{4,})`)

// nonAsked reports whether q itself writes word denied by "non-".
func nonAsked(q, word string) bool {
	for _, m := range nonWordRE.FindAllStringSubmatch(q, -1) {
		if strings.EqualFold(m[1], word) {
			return true
		}
	}
	return false
}

// familiesIn returns the word families of the words of s.
func familiesIn(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range lang.Tokens(s) {
		out[lang.Family(t.Lower)] = true
	}
	return out
}

// deniesUnasked reports whether text denies a word a question that
// denies nothing asks as so.
func deniesUnasked(q, text string) bool {
	if negationRE.MatchString(q) {
		return false // deniesAsAsked reads a question that denies
	}
	asked := familiesIn(q)
	for _, t := range lang.Tokens(text) {
		if w, ok := strings.CutPrefix(t.Lower, "un"); ok && t.Lower != "unless" && len(w) >= 4 && asked[lang.Family(w)] && !asked[lang.Family(t.Lower)] {
			return true // "unnecessary" for the question's "necessary"
		}
	}
	for _, m := range nonWordRE.FindAllStringSubmatch(text, -1) {
		if asked[lang.Family(strings.ToLower(m[1]))] && !nonAsked(q, m[1]) {
			return true // "Monetary assets, non-current" for the question's "current monetary assets"
		}
	}
	for _, loc := range denialRE.FindAllStringIndex(text, -1) {
		rest := text[loc[1]:]
		if i := strings.IndexAny(rest, ",;:.()"); i >= 0 {
			rest = rest[:i] // the clause it bears on
		}
		if untilRE.MatchString(rest) {
			continue // "was not completed until 1769" says when it was
		}
		for _, t := range lang.Tokens(rest) {
			if boundedRE.MatchString(t.Lower) {
				break
			}
			if lang.IsStopWord(t.Lower) || strings.HasSuffix(t.Lower, "ly") || passedOver[t.Lower] {
				continue
			}
			if asked[lang.Family(t.Lower)] {
				return true
			}
			break
		}
	}
	return false
}

// antonymSpec lists pairs of words that say the opposite of each other,
// as English writes them. A question asking "Who was the minority …" or
// "… between similar viewpoints" is not answered by a sentence that says
// "majority" or "different" and not the question's word: the sentence
// speaks of the opposite. ("More", "less", "most", "least", "first" and
// "last" are left out: "at least", "more than", "last year" bound or
// date a figure more often than they oppose; superlativeNotWritten reads
// "first" and "last".)
const antonymSpec = `similar different|same different|majority minority|increase decrease|rise fall
accept reject|agree refuse|allow prohibit|allow forbid|permit prohibit|win lose|victory defeat|gain loss
import export|north south|east west|upper lower|inner outer|positive negative|public private|legal illegal
strong weak|success failure|succeed fail|buy sell|lend borrow|internal external|domestic foreign
ancient modern|include exclude|support oppose|attack defend|ally enemy|friend enemy|rich poor
above below|inside outside|arrive depart|maximum minimum|input output|before after
earliest latest|highest lowest|largest smallest|oldest newest|better worse|best worst
higher lower|larger smaller|open close|birth death|give take|give receive|send receive|push pull
current deferred`

// antonyms maps a word family to the families of its antonyms.
var antonyms = func() map[string][]string {
	m := map[string][]string{}
	for _, line := range strings.Split(antonymSpec, "\n") {
		for _, pair := range strings.Split(line, "|") {
			f := strings.Fields(pair)
			a, b := lang.Family(f[0]), lang.Family(f[1])
			m[a] = append(m[a], b)
			m[b] = append(m[b], a)
		}
	}
	return m
}()

// saysOpposite returns the antonym, as text writes it, of a word the question
// asks and text does not write, or "". The word a how-question measures
// by ("How long …", "How large …") asks a degree, not one end of it.
func saysOpposite(q, text string) string {
	written := map[string]string{} // family → the word as text writes it
	for _, t := range lang.Tokens(text) {
		if _, ok := written[lang.Family(t.Lower)]; !ok {
			written[lang.Family(t.Lower)] = t.Lower
		}
	}
	degree := askedDegree(q)
	for _, t := range lang.Tokens(q) {
		f := lang.Family(t.Lower)
		if _, ok := written[f]; ok || f == degree {
			continue
		}
		for _, a := range antonyms[f] {
			if w, ok := written[a]; ok {
				return w
			}
		}
	}
	return ""
}

// A sentence may hold the question's verb and its names with their roles
// the other way round: "James Wolfe defeated Montcalm" does not say who
// was defeated by Montcalm, "The Normans replaced the Anglo-Saxons" not
// who replaced the Normans. English marks the roles by order and voice:
// the doer stands before an active verb or after "by" (or is asked with
// "did": "Who did Edgar marry?" — not "Malcolm married Edgar's sister"), the one it is done
// to after the active verb or before a passive one, the one it is given to
// after "to" ("What territory was ceded to France?" is not answered by
// "France ceded its territory … to Great Britain").
var (
	passiveAskedRE    = regexp.MustCompile(`(?i)^\s*(?:who|what)\s+(?:was|were|is|are|has been|had been|have been)\s+(\p{L}+ed)\s+by\s+(.+?)\s*\??\s*$`)
	passiveToAskedRE  = regexp.MustCompile(`(?i)^\s*(?:who|what|which)\b[^?]*?\b(?:was|were|is|are|has been|had been|have been)\s+(\p{L}+ed)\s+to\s+(.+?)\s*\??\s*$`)
	didAskedRE        = regexp.MustCompile(`^\s*(?:Who|Whom|What)\s+did\s+((?:\p{Lu}[\p{L}'’.-]*\s+)*\p{Lu}[\p{L}'’.-]*)\s+(\p{Ll}+)\b`)
	activeAskedRE     = regexp.MustCompile(`(?i)^\s*(?:who|what)\s+(\p{L}+ed)\s+(.+?)\s*\??\s*$`)
	prepositionLeadRE = regexp.MustCompile(`(?i)^(in|into|from|to|on|upon|with|at|for|of|about|over|against|through)\b`)
	beWordRE          = regexp.MustCompile(`(?i)^(is|are|was|were|be|been|being|had|has|have)$`)
)

// rolesReach is how many words before its verb a doer stands.
const rolesReach = 6

// swapsRoles reports whether text holds the question's verb with the name
// the question gives in the other role.
func swapsRoles(q, text string) bool {
	passive, recipient := true, false
	m := passiveAskedRE.FindStringSubmatch(q)
	if d := didAskedRE.FindStringSubmatch(q); m == nil && d != nil {
		m = []string{d[0], d[2], d[1]} // "Who did Edgar marry?": Edgar does, as "by Edgar" would
	}
	if m == nil {
		m = passiveToAskedRE.FindStringSubmatch(q)
		recipient = m != nil
	}
	if m == nil {
		passive = false
		if m = activeAskedRE.FindStringSubmatch(q); m == nil {
			return false
		}
	}
	if !passive && prepositionLeadRE.MatchString(m[2]) {
		return false // "What resulted in …" and "… resulted from …" name the roles by their prepositions
	}
	verb := lang.Family(strings.ToLower(m[1]))
	name := ""
	for _, t := range lang.Tokens(m[2]) {
		if !lang.IsStopWord(t.Lower) {
			name = lang.Family(t.Lower) // the name's first word of substance
			break
		}
	}
	if name == "" {
		return false
	}
	toks := lang.Tokens(text)
	for i, t := range toks {
		if lang.Family(t.Lower) != verb {
			continue
		}
		byAfter := i+1 < len(toks) && toks[i+1].Lower == "by"
		beBefore := false
		for j := max(0, i-2); j < i; j++ {
			beBefore = beBefore || beWordRE.MatchString(toks[j].Lower)
		}
		actsOn := false // the name stands right after the verb: the one it is done to
		for j := i + 1; j < min(len(toks), i+4) && !byAfter && !beBefore; j++ {
			actsOn = actsOn || lang.Family(toks[j].Lower) == name
		}
		does := false // the name stands before an active verb: its doer
		for j := max(0, i-rolesReach); j < i && !byAfter && !beBefore; j++ {
			does = does || lang.Family(toks[j].Lower) == name
		}
		if recipient {
			// "What territory was ceded to France?": France receives; a
			// sentence where France cedes gives it the other role.
			if does && !actsOn {
				return true
			}
			continue
		}
		if passive && actsOn && !does || !passive && does && !actsOn {
			return true
		}
	}
	return false
}

// A question that places what it asks — "the largest medical school in
// Chopin", "natural reserves in Czerniakow" — or names whose it is ("the
// oldest armed seal of Sigilium") is not answered by a sentence that
// places or owns the same words otherwise ("the largest medical school in
// Poland", "the oldest existing armed seal of Warsaw"), though it names
// the question's place in another role. The two words before "in" must be the
// question's (a "music school in Europe" is not the "medical school in
// Poland"); the place may follow in a list ("in Poland and East-Central
// Europe"); "in the city" speaks of the document's own place, which a
// name does not contradict. placedElsewhere returns the other place, or "".
var placedAskedRE = regexp.MustCompile(`\b(\p{L}+)\s+(\p{L}{3,})\s+(in|of)\s+(\p{Lu}[\p{L}'’-]+)`)

// placeReach is how many words after "in" a listed place may stand.
const placeReach = 6

func placedElsewhere(q, text string) string {
	toks := lang.Tokens(text)
	asked := familiesIn(q)
	for _, m := range placedAskedRE.FindAllStringSubmatch(q, -1) {
		before, word, prep := strings.ToLower(m[1]), lang.Family(strings.ToLower(m[2])), strings.ToLower(m[3])
		place := lang.Family(lang.Tokens(m[4])[0].Lower) // "East-Central" is read as its words
		if lang.IsStopWord(strings.ToLower(m[2])) || genericKinds[word] {
			continue // "the number of Constituency MSPs" names no owner
		}
		other := ""
		for i := 1; i+2 < len(toks); i++ {
			if lang.Family(toks[i].Lower) != word || toks[i+1].Lower != prep || !toks[i+2].Cap ||
				!lang.IsStopWord(before) && lang.Family(toks[i-1].Lower) != lang.Family(before) {
				continue
			}
			named := false
			for j := i + 2; j < min(len(toks), i+2+placeReach); j++ {
				named = named || lang.Family(toks[j].Lower) == place
			}
			if named {
				return "" // placed as asked
			}
			if !asked[lang.Family(toks[i+2].Lower)] {
				other = text[toks[i+2].Start:toks[i+2].End] // "shares of Common Stock" for "… MGM Resorts common stock" is the question's own word
			}
		}
		if other != "" {
			return other
		}
	}
	return ""
}

// ownedAskedRE finds a thing a question names by its owner's possessive:
// "FMCG's economy", "Leon's first literary cabaret".
var ownedAskedRE = regexp.MustCompile(`((?:\p{Lu}[\p{L}-]*\s+)*\p{Lu}[\p{L}-]*)['’]s\s+(\p{L}+)`)

// ownedElsewhere returns the other owner a sentence gives the question's
// possessed thing ("Warsaw's economy" for "FMCG's economy"), or "" when
// it gives the question's owner or none.
func ownedElsewhere(q, text string) string {
	asked := familiesIn(q)
	for _, m := range ownedAskedRE.FindAllStringSubmatch(q, -1) {
		askedOwner := m[1][strings.LastIndexAny(m[1], " \t\n")+1:]
		owner, thing := lang.Family(strings.ToLower(askedOwner)), lang.Family(strings.ToLower(m[2]))
		other := ""
		for _, o := range ownedAskedRE.FindAllStringSubmatch(text, -1) {
			if lang.Family(strings.ToLower(o[2])) != thing {
				continue
			}
			last := o[1][strings.LastIndexAny(o[1], " \t\n")+1:]
			if lang.Family(strings.ToLower(last)) == owner || lang.Abbreviates(askedOwner, o[1]) {
				return "" // the question's owner, or its initials ("EU" for "European Union")
			}
			if !asked[lang.Family(strings.ToLower(last))] {
				other = last
			}
		}
		if other != "" {
			return other
		}
	}
	return ""
}
