package lang

import "strings"

// English writes the past of its commonest verbs, and the plural of a few
// nouns, by changing the word rather than adding an ending: "The crisis
// began in October" answers "When did the crisis begin?", "written by"
// answers "Who wrote …?". A few verbs name their act by a changed noun
// too: "How much did Corning sell?" is answered by its "net sales", "How
// much did Boeing lose per share?" by its "loss per share", "What did Nike
// earn per diluted share?" by its "diluted earnings per share". No suffix
// rule joins them, so Family reads these forms through a table of the
// language's irregular forms.
//
// Forms that are also other common words are left out, because joining
// them would join unrelated words: "found" (to found a company), "left"
// (the direction), "lay", "lie", "rose", "bore", "born", "bound",
// "ground", "wound", "meant" (the mean of figures), "lit", "bit".

// irregularSpec lists base form, then its irregular forms.
const irregularSpec = `
arise arose arisen|awake awoke awoken|beat beaten|become became|begin began begun|bend bent
bite bitten|break broke broken|breed bred|bring brought|build built|burn burnt|buy bought
catch caught|choose chose chosen|cling clung|come came|creep crept|deal dealt|dig dug
do did done|draw drew drawn|dream dreamt|drink drank drunk|drive drove driven|earn earnings|eat ate eaten
fall fell fallen|feed fed|feel felt|fight fought|flee fled|fling flung|fly flew flown
forbid forbade forbidden|foresee foresaw foreseen|forget forgot forgotten|forgive forgave forgiven
freeze froze frozen|get got gotten|give gave given|go went gone|grow grew grown|hang hung
hear heard|hide hid hidden|hold held|keep kept|kneel knelt|know knew known|lead led|leap leapt
learn learnt|lend lent|lose lost loss losses|make made|meet met|mislead misled|mistake mistook mistaken
outgrow outgrew outgrown|overcome overcame|overtake overtook overtaken|overthrow overthrew overthrown
pay paid|rebuild rebuilt|rewrite rewrote rewritten|ride rode ridden|ring rang rung|run ran
say said|see saw seen|seek sought|sell sold sale sales|send sent|shake shook shaken|shine shone|shoot shot
shrink shrank shrunk|sing sang sung|sink sank sunk|sit sat|sleep slept|slide slid|speak spoke spoken
speed sped|spend spent|spin spun|spring sprang sprung|stand stood|steal stole stolen|stick stuck
sting stung|stride strode|strike struck stricken|strive strove striven|swear swore sworn|sweep swept
swim swam swum|swing swung|take took taken|teach taught|tear tore torn|tell told|think thought
throw threw thrown|undergo underwent undergone|understand understood|undertake undertook undertaken
uphold upheld|wake woke woken|wear wore worn|weave wove woven|weep wept|win won|withdraw withdrew withdrawn
withhold withheld|write wrote written
child children|man men|woman women|foot feet|tooth teeth|mouse mice|goose geese
criterion criteria|phenomenon phenomena|half halves|shelf shelves|thief thieves|wife wives|wolf wolves`

// The same word is spelled two ways on either side of the Atlantic:
// "recognised" and "recognized", "labour" and "labor", "centre" and
// "center", "defence" and "defense". A question is often written in the
// one and its document in the other, so Family reads both as one.
// Endings are joined by rule — "-ize" is read "-ise" (not the other way:
// "revise" and "revision" keep their "-is-"), "-our" "-or" and "-tre"
// "-ter" after a stem of three letters ("hour", "four" and "tour" are no
// "hor", "for" and "tor") — and the rest by a table.
var (
	izeEndings = []string{"e", "es", "ed", "ing", "ation", "ations", "er", "ers", "able"}
	ourEndings = []string{"", "s", "ed", "ing", "ite", "ites", "able", "er", "ers", "ful", "less"}
	treEndings = [][2]string{{"tre", "ter"}, {"tres", "ters"}, {"tred", "tered"}}
)

const spellingSpec = `defense defence|offense offence|license licence|pretense pretence|program programme
programs programmes|catalog catalogue|dialog dialogue|analog analogue|gray grey|jewelry jewellery
aluminum aluminium|maneuver manoeuvre|plow plough|skeptical sceptical|enroll enrol|fulfill fulfil
traveled travelled|traveling travelling|modeling modelling|labeled labelled|canceled cancelled
fueled fuelled|counselor counsellor`

// variants maps a word spelled the other way to the spelling read, and an
// irregular form to its base form: one lookup for both, as Family runs
// on every word of every candidate.
var variants = func() map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(spellingSpec, "\n") {
		for _, pair := range strings.Split(line, "|") {
			f := strings.Fields(pair)
			m[f[1]] = f[0]
		}
	}
	for _, entry := range strings.Split(strings.ReplaceAll(irregularSpec, "\n", "|"), "|") {
		f := strings.Fields(entry)
		for _, form := range f[min(1, len(f)):] {
			m[form] = f[0]
		}
	}
	return m
}()

// baseForm returns the form Family reads of a lower-case ASCII word: its
// one spelling, and the base form of an irregular form.
func baseForm(w string) string {
	if v, ok := variants[w]; ok {
		return v
	}
	if len(w) < 5 {
		return w
	}
	z, our, tre := strings.IndexByte(w, 'z') > 0, strings.Contains(w, "our"), strings.Contains(w, "tre")
	if !z && !our && !tre {
		return w // most words: no ending to respell
	}
	for _, e := range izeEndings {
		if !z {
			break
		}
		if n := len(w) - len(e) - 2; n >= 3 && strings.HasSuffix(w, e) && (w[n:n+2] == "iz" || w[n:n+2] == "yz") {
			return w[:n] + string(w[n]) + "s" + e // "recognized" → "recognised", "analyzed" → "analysed"
		}
	}
	for _, e := range ourEndings {
		if !our {
			break
		}
		if n := len(w) - len(e) - 3; n >= 3 && strings.HasSuffix(w, e) && w[n:n+3] == "our" {
			return w[:n] + "or" + e
		}
	}
	for _, e := range treEndings {
		if n := len(w) - len(e[0]); tre && n >= 2 && strings.HasSuffix(w, e[0]) {
			return w[:n] + e[1]
		}
	}
	return w
}
