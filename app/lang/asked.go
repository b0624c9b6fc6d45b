package lang

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// What a question asks for. English questions say it up front — "who"
// asks for a person or an organisation, "where" for a place, "how many"
// or "the number of" for a count of the noun that follows, "how much" for
// an amount, "what percentage" for a share, "which" for one named thing
// among others, "when" or "what year" for a date, "why" for a reason,
// "what are the components of" for a list — and the noun after "what" or
// "which" names the kind of thing the answer is ("What score …", "Which
// paper …"). Asked is that reading, made once: retrieval weighs evidence
// by it and the answerer checks a candidate against it.

// AnswerType is the kind of answer a question asks for.
type AnswerType int

// The answer types.
const (
	AnyType     AnswerType = iota // a statement, a name or a figure: the words do not say
	WhoType                       // a person or an organisation
	WhereType                     // a place
	CountType                     // a count of the noun that follows
	AmountType                    // how much
	PercentType                   // a share
	WhichType                     // one named thing among others
)

// Asked is what a question asks for, read from its words.
type Asked struct {
	Type AnswerType
	// Counted holds, for a count, the family keys of the counted noun
	// ("how many employees" → "employ").
	Counted []string
	// Kind is the family key of the noun the answer is an instance of
	// ("position" in "What is the position of Ibrahim?"), or "".
	Kind string
	// Figure: the answer is a number — a count, an amount, a rate, a
	// date — because the question asks how much or how many, names a
	// quantity in what it asks, or asks when.
	Figure bool
	When   bool // the figure is a date or a year ("when …", "what year", "what date")
	// Time: it asks when something happened or will — a year, a
	// month, a date, a century ("When did …", "In what year …"; "When is
	// …" in the present asks a condition, which documents state without
	// a date).
	Time bool
	// Statement: the answer is a statement even where it names a
	// quantity — a reason, a method, a description, what a term is.
	Statement bool
	Reason    bool   // a reason ("why", "what caused")
	Defines   string // the term "What is X?" asks defined, or ""
	// List holds the words (family keys, "total" aside) of what the
	// question asks the items of ("What are the components of total
	// revenue?"); Items the same for how many items it has ("How many
	// components are there under deferred tax assets?").
	List, Items []string
	YesNo       bool // "Is …?", "Does …?", "Did …?"
	// Measure holds the family keys, in order and small words aside, of
	// the noun phrase naming the figure a "what is …" or "how much …"
	// question asks ("total assets" in "What were Lockheed Martin's total
	// assets at the end of 2022?"), or nil; MeasureText the phrase as
	// the question writes it, for saying what was not found.
	Measure     []string
	MeasureText string
	// Particular: it asks one of the particulars an issuer of securities
	// states about itself on the cover of its forms — where its head
	// office is, under which law it is incorporated, its trading symbol,
	// the exchange that lists its shares, how many shares are outstanding.
	// A form's first page states them in a set place, mostly as entries
	// over their captions, so they are seldom among the passages a
	// question's words rank first (ParticularAsked).
	Particular bool
}

// ReadAsked reads what question asks for.
func ReadAsked(question string) Asked {
	q := strings.ToLower(strings.TrimSpace(question))
	var a Asked
	a.Type, a.Counted = readType(question)
	a.Kind = kindNoun(question)
	a.Reason = reasonQuestionRE.MatchString(question)
	a.Defines = asksWhatIs(question)
	a.List = itemsAsked(question, listOfRE, listConsistRE, listThereRE)
	a.Statement = a.Reason || methodQuestionRE.MatchString(question) || proseLeadRE.MatchString(question) || a.Defines != "" ||
		relatedToRE.MatchString(question) || contentsRE.MatchString(question) && len(a.List) == 0
	a.Items = itemsAsked(question, countTypesRE, countUnderRE)
	// A yes/no question may open with where or when it asks: "In 1972,
	// did Norway join?"
	lead := q
	if _, rest, ok := strings.Cut(q, ", "); ok && settingLeadRE.MatchString(q) {
		lead = rest
	}
	for _, p := range yesNoLeads {
		if strings.HasPrefix(q, p) || strings.HasPrefix(lead, p) {
			a.YesNo = true
		}
	}
	a.Time = timeAskedRE.MatchString(question)
	a.Particular = particularRE.MatchString(question)
	a.When = strings.HasPrefix(q, "when ") || strings.Contains(q, "what year") || strings.Contains(q, "what date")
	if a.Reason {
		return a // "What was the reason for the decrease in the tax rate?" asks a reason, not the rate
	}
	for _, l := range reasonLeads {
		if strings.HasPrefix(q, l) {
			return a // a reason or a description, even of a quantity
		}
	}
	for _, t := range mainClause(q) {
		if quantityWords[Family(t.Lower)] || lineWords[Family(t.Lower)] && !a.Statement {
			a.Figure = true
		}
	}
	a.Figure = a.Figure || a.When || strings.Contains(q, "how much") || a.Type == CountType
	if a.Figure {
		a.Measure, a.MeasureText = measureOf(question)
		if m := earnedRE.FindStringSubmatch(question); a.Measure == nil && m != nil {
			// "What did Acme earn in 2018?": the verb names the measure,
			// its earnings (or its loss), as "net income" would.
			verb := strings.ToLower(m[1])
			a.Measure, a.MeasureText = []string{Family(verb)}, earnedNouns[verb]
		}
	}
	return a
}

// earnedRE finds a figure question whose verb names its measure — "What
// did Acme earn in 2018?", "How much did Acme lose?" — with no measure
// after it ("earn per diluted share" and "earn in net income" name one).
var earnedRE = regexp.MustCompile(`(?i)^\s*(?:what|how much)\s+(?:did|does|do|will|would)\s+[^?]+?\s(earn|lose|sell)\b(?:\s+(?:in|during|for|over)\s+(?:(?:the\s+)?(?:fiscal|year|first|second|third|fourth|quarter|q[1-4]|fy)\b|\d)|\s*[?.,]|\s*$|\s+(?:after|before)\s+tax)`)

// earnedNouns name the measure of the verbs earnedRE finds: what a
// company sells in a year is its sales.
var earnedNouns = map[string]string{"earn": "earnings", "lose": "loss", "sell": "sales"}

// relatedToRE finds a question ending on what a thing is related,
// attributed or put to ("What are the evaluation costs primarily related
// to?"): it asks for that, a statement, not the figure it names.
var relatedToRE = regexp.MustCompile(`(?i)\b(related|relate|relates|relating|due|attributable|attributed|used|applied|allocated|refers?|referred)\s+(to|for)\s*\??\s*$`)

// contentsRE finds a question asking what a thing includes, excludes or
// consists of ("What is included in customer related costs?", "What does
// services revenue comprise?"): a statement of its contents, which a
// row of its figures does not make.
var contentsRE = regexp.MustCompile(`(?i)^\s*what\s+(?:is|are|was|were)\s+(?:included|excluded|contained)\s+in\b|^\s*what\s+(?:does|do|did)\s+.+?\s+(?:include|exclude|consist\s+of|comprise|comprise\s+of|contain)\s*\??\s*$`)

// measureLeadRE finds the start of a question that names the figure it
// asks right after its interrogative: "What were …", "How much …".
var measureLeadRE = regexp.MustCompile(`(?i)^\s*(?:what|how much)\s+(?:(?:is|was|were|are)\s+)?(?:the\s+)?`)

// measureEnds end the phrase naming a measure: the prepositions and verbs
// that tie it to its entity and period.
var measureEnds = map[string]bool{"of": true, "for": true, "in": true, "at": true, "during": true, "as": true, "on": true,
	"by": true, "from": true, "to": true, "between": true, "over": true, "under": true, "with": true, "that": true,
	"which": true, "when": true, "did": true, "does": true, "do": true, "has": true, "have": true, "had": true,
	"is": true, "was": true, "were": true, "are": true, "will": true, "would": true, "can": true, "after": true,
	"before": true, "since": true, "through": true, "within": true, "across": true, "among": true, "against": true,
	"into": true, "due": true, "based": true, "relating": true, "related": true, "associated": true, "attributable": true,
	"recognized": true, "recognised": true, "recorded": true, "reported": true, "including": true, "excluding": true,
	"should": true, "could": true, "might": true, "must": true, "may": true, "shall": true}

// periodEdges begin a period's phrase before "of": "end of 2021",
// "close of fiscal 2015".
var periodEdges = map[string]bool{"end": true, "beginning": true, "start": true, "close": true}

// periodAfter are the words that name a period's kind before its number,
// left at a measure's end when a question is typed as a search: "fiscal"
// in "diluted eps fiscal 2022", "year" in "net sales year 2021".
var periodAfter = map[string]bool{"fiscal": true, "fy": true, "full-year": true, "year": true, "quarter": true,
	"annual": true, "calendar": true, "ytd": true}

// measureFiller are words a measure's phrase holds without naming it.
// The words for a figure's kind ("amount", "value", "percentage") ask
// for it without naming it.
var measureFiller = map[string]bool{"the": true, "a": true, "an": true, "respective": true, "respectively": true,
	"amount": true, "amounts": true, "value": true, "values": true, "number": true, "percentage": true, "percent": true,
	"figure": true, "sum": true, "level": true, "date": true}

// measureOf returns the family keys of the noun phrase naming the figure
// question asks: past its interrogative, an article and a possessor ("the
// company's"), up to the word that ties it to its entity or period.
func measureOf(question string) ([]string, string) {
	if m := settingLeadRE.FindStringIndex(strings.ToLower(question)); m != nil {
		// "In fiscal 2021, how much …", "According to its 10-K, what
		// …": the question starts after its setting.
		question = question[m[1]:]
	}
	loc := measureLeadRE.FindStringIndex(question)
	if loc == nil {
		return nil, ""
	}
	rest := question[loc[1]:]
	if m := takenAsRE.FindStringSubmatchIndex(question); m != nil && measureEnds[strings.ToLower(strings.Fields(rest + " x")[0])] {
		// "What did American Water take in as operating revenue in
		// 2021?": the verb frames the figure, the phrase after "as"
		// names its measure.
		rest = question[m[2]:]
	} else if m := verbFrameRE.FindStringSubmatchIndex(question); m != nil && measureEnds[strings.ToLower(strings.Fields(rest + " x")[0])] {
		// "What did Acme spend on selling, general and administrative
		// costs?", "How much did Acme pay out in dividends?", "How much
		// did Acme take in from selling equipment?": a verb frames the
		// figure, the phrase after its preposition names the measure.
		for k := 2; k+1 < len(m); k += 2 {
			if m[k] >= 0 {
				rest = question[m[k]:]
				break
			}
		}
	}
	cut := len(rest) // the phrase's possessor ends at an "'s" before the first tie word
	for i, w := range strings.Fields(rest) {
		if measureEnds[strings.ToLower(strings.Trim(w, "?,.;:"))] || i > 6 {
			break
		}
		if j := possessiveEnd(w); j > 0 {
			cut = strings.Index(rest, w) + len(w)
		}
	}
	if cut < len(rest) {
		rest = rest[cut:]
	}
	var words []string
	fields := strings.Fields(rest)
	for i, w := range fields {
		bare := strings.Trim(w, "?,.;:()\"“”")
		low := strings.ToLower(bare)
		if low == "of" && len(words) == 0 {
			continue // "the amount of revenue": the measure follows its kind
		}
		if strings.IndexFunc(bare, unicode.IsDigit) >= 0 && bare == w && measureFollows(fields[i+1:]) {
			// "MGM Resorts full-year 2022 consolidated net revenues":
			// typed as a search, a question names its entity and period
			// first and the measure last.
			words = nil
			continue
		}
		if measureEnds[low] || bare == "" || strings.IndexFunc(bare, unicode.IsDigit) >= 0 || strings.HasPrefix(w, "(") {
			break
		}
		next := ""
		if i+1 < len(fields) {
			next = strings.ToLower(fields[i+1])
		}
		if months[low] && (len(low) > 3 || strings.IndexFunc(next, unicode.IsDigit) >= 0) || monthCounts[low] && strings.HasPrefix(next, "month") {
			break // "long-term debt december 31 2021", "sg&a three months ended …": the period, typed without "at" or "for"
		}
		if periodEdges[low] && i+1 < len(fields) && strings.EqualFold(fields[i+1], "of") {
			break // "cash end of 2021": the period's edge, typed without "at the"
		}
		if (low == "and" || low == "&") && i+1 < len(fields) && slices.Contains(words, strings.ToLower(strings.Trim(fields[i+1], "?,.;:()\"“”"))) {
			words = append(words, low) // "cash and cash equivalents": one measure, its head said twice
			continue
		}
		if (low == "and" || low == "&") && i+1 < len(fields) && strings.EqualFold(strings.Trim(fields[i+1], "?,.;:()\"“”"), "equivalents") {
			words = append(words, low) // "cash and equivalents": the same measure, its head said once
			continue
		}
		if (low == "and" || low == "&") && len(words) > 0 && joinedHead(words[len(words)-1], fields[i+1:]) {
			words = append(words, low) // "sales and marketing expense": joined words before one head name one measure
			continue
		}
		if low == "and" || low == "or" || low == "&" {
			return nil, "" // "high and low sale prices": joined heads name more than one measure
		}
		for _, t := range Tokens(bare) {
			if !measureFiller[t.Lower] && !(t.Cap && !t.AllCaps) { // a name is the entity's, not the measure's
				words = append(words, t.Lower)
			}
		}
		if strings.ContainsAny(w, "?,.;:") && !(strings.HasSuffix(w, ",") && joinedList(low, fields[i+1:])) {
			break // (a comma in "selling, general and administrative costs" lists the words before one head)
		}
	}
	for len(words) > 1 && (strings.HasSuffix(words[len(words)-1], "ed") || periodAfter[words[len(words)-1]]) {
		// "the investments disposed": a participle after the noun;
		// "diluted eps fiscal 2022": typed as a search, the period's word
		// before its year.
		words = words[:len(words)-1]
	}
	var out []string
	for _, w := range words {
		if w != "and" && w != "&" {
			out = append(out, Family(w))
		}
	}
	return out, strings.Join(words, " ")
}

// takenAsRE finds the measure a question names after a verb that frames
// a figure and "as": "take in as operating revenue", "report as net
// income".
var takenAsRE = regexp.MustCompile(`(?i)\b(?:take|took|bring|brought|book|booked|report|reported|record|recorded|count|counted)\s+(?:in\s+)?as\s+(\w)`)

// verbFrameRE finds the measure a question names after a verb that frames
// a figure and its preposition: "spend on research and development",
// "pay out in dividends", "pay out to its shareholders in cash
// dividends", "pay in interest", "owe in long-term debt",
// "take in from selling wireless equipment" (what is sold names the
// revenue), "put into research and development", "invest in capital
// expenditures", "pour into property, plant and equipment", "have in
// cash and cash equivalents".
var verbFrameRE = regexp.MustCompile(`(?i)\b(?:spend|spent|spends|spending)\s+on\s+(\w)|\b(?:have|had|has|hold|held|holds)\s+in\s+(\w)|\b(?:put|puts|putting|invest|invested|invests|pour|pours|poured|pouring)\s+(?:in|into)\s+(\w)|\b(?:pay|paid|pays)\s+(?:out\s+)?(?:to\s+(?:its|their|the)\s+\w+\s+)?in\s+(\w)|\b(?:owe|owed|owes)\s+in\s+(\w)|\b(?:take|took|takes|bring|brought|brings)\s+in\s+from\s+(?:selling\s+)?(\w)`)

// joinedHeads are the nouns a statement's line names an expense or an
// income by, after the words that say which: "Selling, general and
// administrative expenses", "Research and development costs", "Interest
// and other income".
var joinedHeads = map[string]bool{"expense": true, "expenses": true, "cost": true, "costs": true, "revenue": true,
	"revenues": true, "income": true, "fees": true, "charges": true, "expenditures": true}

// qualifiers open a measure's own phrase: after "and" they start a
// second measure ("revenue and net income").
var qualifiers = map[string]bool{"net": true, "operating": true, "gross": true, "total": true, "pretax": true,
	"pre-tax": true, "comprehensive": true, "adjusted": true, "basic": true, "diluted": true}

// joinedHead reports whether an "and" after the word before, followed by
// rest, joins two words of one measure's name rather than two measures:
// "sales and marketing expense", "research and development" — one word
// each side, the second followed by one of the joinedHeads or by the
// phrase's end — and not "revenue and net income", "cash and total
// debt" or "revenue and earnings" (a head or a qualifier, or two
// quantities, on its sides).
func joinedHead(before string, rest []string) bool {
	if len(rest) == 0 || joinedHeads[before] || qualifiers[before] {
		return false
	}
	word := func(k int) (string, bool) { // the k-th word bare, and whether the phrase ends after it
		if k >= len(rest) {
			return "", true
		}
		bare := strings.ToLower(strings.Trim(rest[k], "?,.;:()\"“”"))
		ends := strings.ContainsAny(rest[k], "?.;:")
		if k+1 < len(rest) {
			next := strings.ToLower(strings.Trim(rest[k+1], "?,.;:()\"“”"))
			ends = ends || measureEnds[next] || strings.IndexFunc(next, unicode.IsDigit) >= 0 || months[next]
		} else {
			ends = true
		}
		return bare, ends
	}
	b, ends := word(0)
	if b == "" || measureEnds[b] || qualifiers[b] || joinedHeads[b] || strings.IndexFunc(b, unicode.IsDigit) >= 0 {
		return false
	}
	if ends {
		// Two nouns ("research and development"), not two quantities or
		// two verbs ("met and voted").
		return !quantityWords[Family(before)] && !quantityWords[Family(b)] && !strings.HasSuffix(before, "ed") && !strings.HasSuffix(b, "ed")
	}
	head, ends := word(1)
	return joinedHeads[head] && ends
}

// joinedList reports whether the words after a comma in a measure's
// phrase go on as a list ending in "and" that joinedHead accepts:
// "selling, general and administrative costs".
func joinedList(before string, rest []string) bool {
	if len(rest) < 3 || !strings.EqualFold(rest[1], "and") {
		return false
	}
	mid := strings.ToLower(strings.Trim(rest[0], ","))
	return !joinedHeads[before] && !qualifiers[before] && joinedHead(mid, rest[2:])
}

// measureFollows reports whether the words after a period in a measure's
// phrase go on naming the measure: a word that is no tie word, number
// or filler comes before the question ends.
func measureFollows(rest []string) bool {
	for _, w := range rest {
		bare := strings.Trim(w, "?,.;:()\"“”")
		low := strings.ToLower(bare)
		switch {
		case measureEnds[low] || bare == "":
			return false
		case strings.IndexFunc(bare, unicode.IsDigit) < 0 && !measureFiller[low]:
			return true
		}
		if bare != w {
			return false
		}
	}
	return false
}

// possessiveEnd returns the length of w when it ends in a possessive
// ("Nike's", "companies'"), 0 otherwise.
func possessiveEnd(w string) int {
	for _, p := range []string{"'s", "’s", "s'", "s’"} {
		if strings.HasSuffix(w, p) {
			return len(w)
		}
	}
	return 0
}

var (
	whoRE     = regexp.MustCompile(`(?i)^\s*(who|whom|whose)\b|\b(which|what) (person|people|company|companies|organi[sz]ations?|firms?|banks?|judges?|directors?|officers?|authors?|executives?)\b`)
	whereRE   = regexp.MustCompile(`(?i)^\s*where\b|\b(in|at) (which|what) (city|country|state|place|location|region)\b|\b(which|what) (city|country|state|place|location|address|region)\b`)
	percentRE = regexp.MustCompile(`(?i)\b(what|which) (percentage|percent|share|proportion|fraction)\b|\bhow much of\b|\bwhat is the (percentage|share|proportion)\b`)
	countRE   = regexp.MustCompile(`(?i)\bhow many\s+(?:of\s+(?:the|these|those|its|their)\s+)?(\w+)(?:\s+(\w+))?(?:\s+(\w+))?`)
	muchRE    = regexp.MustCompile(`(?i)\bhow much\b`)
	whichRE   = regexp.MustCompile(`(?i)^\s*(which|what)\s+\w+\s+(is|was|has|had|are|were|did|does|do)\b|^\s*which\b`)
)

// readType reads the answer type from a question, and for a count the
// family keys of the counted noun.
func readType(question string) (AnswerType, []string) {
	switch {
	case percentRE.MatchString(question):
		return PercentType, nil
	case countRE.MatchString(question):
		m := countRE.FindStringSubmatch(question)
		var counted []string
		for i, w := range m[1:] {
			w = strings.ToLower(w)
			if w == "" || IsStopWord(w) || i > 0 && strings.HasSuffix(w, "ed") {
				break // "How many people worked …": a verb, not part of what is counted
			}
			counted = append(counted, Family(w))
		}
		return CountType, counted
	case muchRE.MatchString(question):
		return AmountType, nil
	case whoRE.MatchString(question):
		return WhoType, nil
	case whereRE.MatchString(question):
		return WhereType, nil
	case whichRE.MatchString(question):
		return WhichType, nil
	}
	return AnyType, nil
}

// kindNounRE finds the noun that names the kind of answer a what- or
// which-question asks for: "What score did … achieve", "What is the
// position of …", "Which paper uses …".
var kindNounRE = regexp.MustCompile(`(?i)^\s*(?:what|which)\s+(?:(?:is|are|was|were)\s+(?:the|a|an)\s+)?([a-z]+)\b`)

// prepositionKindRE finds the kind noun of a question that opens with a
// preposition: "In which city are … offices?".
var prepositionKindRE = regexp.MustCompile(`(?i)^\s*(?:in|at|on|from|for|to|by|of|with|during|under|into)\s+(?:what|which)\s+([a-z]+)\b`)

// PrepositionKind returns the family key of the noun a question opening
// with a preposition names as its answer's kind ("city" of "In which city
// are the principal executive offices?"), or "". The reading leaves it out
// of Kind: of a question about a passage's prose, "In what country is …"
// is answered by any sentence naming a place only when the kind's own
// word is weighed; a caller that reads an answer under a caption naming
// the particular asked (an issuer's seat on a form's cover) asks it here.
func PrepositionKind(question string) string {
	m := prepositionKindRE.FindStringSubmatch(question)
	if m == nil || IsStopWord(strings.ToLower(m[1])) {
		return ""
	}
	return Family(strings.ToLower(m[1]))
}

// kindNoun returns the family key of the noun a question's answer is an
// instance of, or "". The quote that answers gives the instance ("Core
// Assurance", "73.2%"), seldom the word for its kind.
func kindNoun(question string) string {
	loc := kindNounRE.FindStringSubmatchIndex(question)
	if loc == nil {
		return ""
	}
	w := strings.ToLower(question[loc[2]:loc[3]])
	if IsStopWord(w) || possessiveAfter(question[loc[3]:]) {
		return "" // "What are the company's …": the company is whose, not what
	}
	return Family(w)
}

// possessiveAfter reports whether rest starts with a possessive ending.
func possessiveAfter(rest string) bool {
	return strings.HasPrefix(rest, "'s") || strings.HasPrefix(rest, "’s") || strings.HasPrefix(rest, "' ") || strings.HasPrefix(rest, "’ ")
}

// quantityWords name a quantity: a question asking for one of them wants
// a number in its answer. Held by family.
var quantityWords = familySet(`amount total number sum value revenue revenues sales income earnings profit loss
	expense expenses cost costs price cash debt assets liabilities equity dividend dividends eps capex
	expenditure expenditures margin ratio rate percent percentage growth balance size count employees
	headcount spend spent paid pay borrow fee fees tax taxes salary shares year date many much
	usd average turnover cagr score accuracy backlog loans deposits`)

// lineWords name a balance sheet's or a cash flow statement's lines: a
// question naming one asks its figure ("nike accounts receivable may 31
// 2020"), unless it asks a statement about it ("What is the increase in
// inventory due to?", "What is Trade receivables?").
var lineWords = familySet(`receivable receivables payable payables inventory inventories goodwill depreciation amortization`)

// IsQuantityWord reports whether a word names a quantity ("revenue",
// "rate", "employees"): a question asking for one wants a number.
func IsQuantityWord(w string) bool { return quantityWords[Family(strings.ToLower(w))] }

func familySet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[Family(w)] = true
	}
	return m
}

// reasonLeads begin questions that ask for a reason or a description,
// whose answer is a statement even when it names a quantity.
var reasonLeads = []string{"why ", "what drove ", "what drives ", "what caused ", "explain ", "describe ",
	"how did ", "how does ", "how do ", "how has ", "how have ", "what are the main ", "what are the key "}

// conditionLeads open a clause that sets the question's condition, not
// what it asks: "If "--" is displayed as the resting heart rate reading,
// what kind of environment …" asks for no rate.
var conditionLeads = []string{"if ", "when ", "whenever ", "once ", "after ", "before ", "assuming ", "given ", "suppose ", "according to "}

// ConditionLeads returns the words that open a clause setting a
// question's condition ("if ", "when ", "given ", …).
func ConditionLeads() []string { return append([]string(nil), conditionLeads...) }

// mainClause returns the words of what a lower-case question asks: those
// past the comma that ends a leading condition clause, or all of them.
func mainClause(q string) []Token {
	for _, l := range conditionLeads {
		if i := strings.Index(q, ","); strings.HasPrefix(q, l) && i > 0 {
			return Tokens(q[i+1:])
		}
	}
	return Tokens(q)
}

// yesNoLeads begin questions answered yes or no.
// settingLeadRE finds a question opening with a setting clause: a
// preposition or a year before its first comma.
var settingLeadRE = regexp.MustCompile(`^(in|on|at|by|for|after|before|during|since|until|from|according to|under|as of|\d{4})\b[^,?]*, `)

var yesNoLeads = []string{"is ", "are ", "does ", "do ", "did ", "has ", "have ", "was ", "were ", "can ", "will "}

var (
	reasonQuestionRE = regexp.MustCompile(`(?i)^\s*(why\b|what (caused|causes|drove|drives|led to)\b|what (was|is|were|are) the (main |primary |key )?(reasons?|causes?)\b)`)
	proseLeadRE      = regexp.MustCompile(`(?i)^\s*(describe|explain|summari[sz]e|outline|discuss)\b`)
	methodQuestionRE = regexp.MustCompile(`(?i)^\s*how (is|are|was|were|do|does|did)\b.*\b(determin|calculat|comput|measur|defin|estimat|deriv|recogni[sz]|assess|valu|allocat)\w*`)
	timeAskedRE      = regexp.MustCompile(`(?i)^\s*when (did|was|were|will|had|has|have)\b|\b(what|which) (year|years|date|month|day|decade|century)\b|\bin what year\b`)
	// particularRE finds the particulars a securities form's cover states
	// (Asked.Particular). Only a question asking one of them as such: the
	// exchange that lists the shares, not an exchange rate.
	particularRE = regexp.MustCompile(`(?i)\b(headquarter(s|ed)?|head office|principal (executive )?offices?|(where|(which|what) (state|country|jurisdiction)).*\bincorporated|(where|(which|what) (city|town)).*\sbased\b|\bsymbol\b.*\b(trades?|traded|listed|quoted)\b|(state|country|jurisdiction|place) of (incorporation|organi[sz]ation)|ticker|trading symbols?|stock symbols?|(which|what) (stock )?exchanges?\b|(listed|traded|quoted|trades?) on( the| which| what)? (stock )?exchange|shares (of (its |the )?common stock )?(were |are )?outstanding|outstanding shares)`)
	whatIsRE     = regexp.MustCompile(`(?i)^\s*what (is|are) (an? )?((?:[\p{L}'’\-]+ ?){1,4})\s*\??\s*$`)
)

// possessivePluralRE finds a plural's possessive: "MGM Resorts' ticker".
var possessivePluralRE = regexp.MustCompile(`\ws['’](\s|$)`)

// asksWhatIs returns the term a "What is X?" question asks defined, or "".
func asksWhatIs(q string) string {
	m := whatIsRE.FindStringSubmatch(q)
	if m == nil || len(strings.Fields(m[3])) > 4 || strings.HasPrefix(strings.ToLower(m[3]), "the ") ||
		strings.Contains(m[3], "'s") || strings.Contains(m[3], "’s") || possessivePluralRE.MatchString(m[3]) {
		return "" // "What is Square's stock ticker?" asks its value, as "What is the …" does
	}
	return strings.ToLower(strings.TrimSpace(m[3]))
}

// Questions asking for the items of something, as reports set them out
// (the rows a total adds up, the rows under a heading): "What are the
// components of X?", "What items does X consist of?"; and how many there
// are: "How many components are there under X?", "How many types of X
// are there?".
var (
	listOfRE      = regexp.MustCompile(`(?i)^\s*(?:what|which)\s+(?:are|were)\s+(?:the\s+)?(?:\w+\s+)?(?:components|elements|items|constituents|parts|types|kinds|categories|classes|line items|sub-?items)\s+(?:of|under|in|within|included in|that make up|making up|comprising)\s+(?:the\s+)?(.+?)\s*\??\s*$`)
	listThereRE   = regexp.MustCompile(`(?i)^\s*(?:what|which)\s+(?:types|kinds|categories|classes|components)\s+of\s+(?:the\s+)?(.+?)\s+(?:are there|exist)\s*\??\s*$`)
	listConsistRE = regexp.MustCompile(`(?i)^\s*what\s+(?:\w+\s+)?(?:items|components|elements)\s+(?:does|do|did)\s+(?:the\s+)?(.+?)\s+(?:consist of|comprise|include|contain)\s*\??\s*$`)
	countUnderRE  = regexp.MustCompile(`(?i)^\s*how many\s+(?:\w+\s+)?(?:components|elements|items|categories|types|kinds|classes|line items)\s+(?:are there\s+)?(?:of|under|in|within|making up|that make up)\s+(?:the\s+)?(.+?)(?:\s+are there)?\s*\??\s*$`)
	countTypesRE  = regexp.MustCompile(`(?i)^\s*how many\s+(?:types|kinds|categories|classes)\s+of\s+(?:the\s+)?(.+?)\s+are there\s*\??\s*$`)
)

// itemsAsked returns the label words of what the first matching pattern
// finds, or nil.
func itemsAsked(q string, res ...*regexp.Regexp) []string {
	for _, re := range res {
		if m := re.FindStringSubmatch(q); m != nil {
			return LabelWords(m[1])
		}
	}
	return nil
}

// LabelWords returns the words of a row label or a named total as family
// keys, without "total", footnote marks and punctuation: "Total Revenue
// (1)" and "total revenue" are both [revenu].
func LabelWords(s string) []string {
	var out []string
	for _, t := range Tokens(s) {
		if t.Num || t.Lower == "total" || t.Lower == "the" {
			continue
		}
		out = append(out, Family(t.Lower))
	}
	return out
}

// People type a question into a search box as the few words that name
// what they want: "activision blizzard auditor fy2019", "best buy net
// earnings Q2 FY24", "walmart state of incorporation". Such a question
// holds no interrogative, and every reading of a question's type starts
// from one. Interrogative reads it as the question it stands for — "Who
// is the …?" when it names an office or the firm that audits, "Where is
// the …?" when it names a seat or an address, "How many employees does …
// have?" when it names employees or stores ("3m employees"), "When did
// the …?" when it names the end of a period, "What is the …?" otherwise —
// and leaves a question that asks as English asks as it is.

var (
	interrogativeRE  = regexp.MustCompile(`(?i)\b(what|which|who|whom|whose|when|where|why|how|whence)\b|\b(is|are|was|were|do|does|did|can|could|will|would|should|has|have|had|may|might|must|shall)\b`)
	mayMonthRE       = regexp.MustCompile(`(?i)\bmay\s+(\d)`) // "may 31 2020" is a date, not a verb
	auxiliaryLeadRE  = regexp.MustCompile(`(?i)^\s*(list|name|give|show|tell|find|describe|explain|summari[sz]e|compare)\b`)
	officeNamedRE    = regexp.MustCompile(`(?i)\b(ceo|cfo|coo|cto|chief\s+\w+\s+officer|chair(man|woman|person)?|president|auditors?|accounting\s+firm|general\s+counsel|treasurer|secretary)\b`)
	seatNamedRE      = regexp.MustCompile(`(?i)\b(address|headquarters|hq|head\s+office|headquartered|based|located|city|(state|country|jurisdiction)\s+of\s+(incorporation|organi[sz]ation)|incorporated)\b`)
	countNamedRE     = regexp.MustCompile(`(?i)\b(number\s+of\s+|total\s+)?(employees|headcount|workforce|staff|stores|locations|restaurants|branches)\b`)
	periodEndNamedRE = regexp.MustCompile(`(?i)\b(year|quarter|period)[\s-]+end(s|ed|ing)?\b|\byear-end\b`)
)

// Interrogative returns question as a question asks: unchanged when it
// has an interrogative word or a verb that asks ("In 1972, did Norway
// …?"), or opens as a request does; its words after the question's
// opening otherwise.
func Interrogative(question string) string {
	q := strings.TrimSpace(question)
	if q == "" || interrogativeRE.MatchString(mayMonthRE.ReplaceAllString(q, "month ")) || auxiliaryLeadRE.MatchString(q) || !isLatin(q) {
		return question
	}
	q = strings.TrimRight(q, "?. ")
	switch {
	case officeNamedRE.MatchString(q):
		return "Who is the " + q + "?"
	case seatNamedRE.MatchString(q):
		return "Where is the " + q + "?"
	case countNamedRE.MatchString(q):
		m := countNamedRE.FindStringSubmatch(q)
		noun := strings.ToLower(m[2])
		if noun == "headcount" || noun == "workforce" || noun == "staff" {
			noun = "employees"
		}
		rest := strings.Join(strings.Fields(countNamedRE.ReplaceAllString(q, " ")), " ")
		return "How many " + noun + " does " + rest + " have?"
	case periodEndNamedRE.MatchString(q):
		return "When did the " + periodEndNamedRE.ReplaceAllString(q, "$1 end") + "?"
	}
	return "What is the " + q + "?"
}

// isLatin reports whether s is written in Latin letters: the reading above
// is of English.
func isLatin(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.In(r, unicode.Latin) {
			return false
		}
	}
	return true
}

// monthCounts count the months of a period: "three months ended".
var monthCounts = map[string]bool{"three": true, "six": true, "nine": true, "twelve": true}
