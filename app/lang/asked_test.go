package lang

import (
	"slices"
	"testing"
)

func TestReadAsked(t *testing.T) {
	for _, c := range []struct {
		q      string
		typ    AnswerType
		figure bool
	}{
		{"Who is the chief executive officer of 3M?", WhoType, false},
		{"Where is the company headquartered?", WhereType, false},
		{"How many employees does 3M have?", CountType, true},
		{"How much did Apple spend on research in 2022?", AmountType, true},
		{"What percentage of revenue came from services?", PercentType, true},
		{"Which paper uses the Fast NMS processing?", WhichType, false},
		{"What was net income in 2022?", AnyType, true},
		{"What year did the company go public?", WhichType, true},
		// A reason or a description is a statement, even of a quantity.
		{"Why did revenue fall in 2022?", AnyType, false},
		{"What was the reason for the decrease in effective income tax rate?", AnyType, false},
		{"What is the primary reason for the operating income increase?", AnyType, false},
		// A condition clause sets the question; what it asks follows.
		{`If "--" is displayed as the resting heart rate reading, what kind of environment should the user stay in?`, AnyType, false},
		// "account" and "discount" count nothing.
		{"Which account tweets content tagged #WednesdayWisdom?", WhichType, false},
	} {
		a := ReadAsked(c.q)
		if a.Type != c.typ || a.Figure != c.figure {
			t.Errorf("ReadAsked(%q) = type %d figure %v, want type %d figure %v", c.q, a.Type, a.Figure, c.typ, c.figure)
		}
	}
	if a := ReadAsked("How many people worked at the plant in 2020?"); !slices.Equal(a.Counted, []string{Family("people")}) {
		t.Errorf("counted %v: a verb is not what is counted", a.Counted)
	}
	if a := ReadAsked("How many paid holiday days does the directive require?"); !slices.Equal(a.Counted, []string{Family("paid"), Family("holiday"), Family("days")}) {
		t.Errorf("counted %v: the counted noun may come third", a.Counted)
	}
	if a := ReadAsked("From 2017 to 2019, how many of the years was revenue above 5 million?"); !slices.Equal(a.Counted, []string{Family("years")}) {
		t.Errorf("counted %v: how many of the years counts years", a.Counted)
	}
	for _, q := range []string{"What is included in customer related costs?", "What does services revenue comprise of?", "What do the audit-related fees include?"} {
		if a := ReadAsked(q); !a.Statement || len(a.List) > 0 {
			t.Errorf("%q asks a statement of contents: %+v", q, a)
		}
	}
	if a := ReadAsked("What items does total revenue consist of?"); a.Statement || len(a.List) == 0 {
		t.Errorf("what items … consist of asks a list: %+v", a)
	}
	if a := ReadAsked("What are the evaluation costs primarily related to?"); !a.Statement {
		t.Errorf("what costs are related to is a statement: %+v", a)
	}
	if a := ReadAsked("Why did margins shrink?"); !a.Reason || !a.Statement {
		t.Errorf("why asks a reason: %+v", a)
	}
	if a := ReadAsked("What is EBITDA?"); a.Defines != "ebitda" || !a.Statement {
		t.Errorf("what is X asks X defined: %+v", a)
	}
	if a := ReadAsked("What is the revenue?"); a.Defines != "" {
		t.Errorf("what is the X asks its value, not a definition: %+v", a)
	}
	if a := ReadAsked("What is MGM Resorts' ticker symbol?"); a.Defines != "" {
		t.Errorf("what is a plural's X asks its value, not a definition: %+v", a)
	}
	if a := ReadAsked("What are the components of total revenue?"); !slices.Equal(a.List, []string{Family("revenue")}) {
		t.Errorf("list of %v", a.List)
	}
	if a := ReadAsked("How many components are there under deferred tax assets?"); len(a.Items) != 3 || a.Type != CountType {
		t.Errorf("items of %v, type %d", a.Items, a.Type)
	}
	for q, want := range map[string]string{
		"What were Lockheed Martin's total assets at the end of 2022?":                     "total assets",
		"How much net income did the bank earn in the second quarter?":                     "net income",
		"What is the final dividend per share proposed for 2019?":                          "final dividend per share",
		"What is the company's diluted EPS for 2022?":                                      "diluted eps",
		"What was the amount of investments disposed in 2019?":                             "investments",
		"What is the high and low sale prices of the common stock in the fourth quarter?":  "",
		"What is the percentage revenue from sales into China?":                            "revenue",
		"How much did the company spend on research?":                                      "research",
		"How much did the company spend on research and development in 2022?":              "research and development",
		"What did Acme spend on selling, general and administrative costs in fiscal 2022?": "selling general and administrative costs",
		"What sales and marketing expense did Acme report for 2019?":                       "sales and marketing expense",
		"What is the acme research and development expense 2022?":                          "acme research and development expense",
		"What were Acme's revenue and net income in 2022?":                                 "",
		"What is the Acme Resorts full-year 2022 consolidated net revenues?":               "consolidated net revenues",
		"What is the 2022 revenue?":                                                        "revenue",
		"What was the net revenue 2022?":                                                   "net revenue",
		"What did Acme Water take in as operating revenue in 2021?":                        "operating revenue",
		"How much cash and cash equivalents did Acme hold at the end of 2021?":             "cash and cash equivalents",
		"What is the acme goodwill balance end of fiscal 2015?":                            "acme goodwill balance",
		"What is the acme diluted eps fiscal 2022?":                                        "acme diluted eps",
		"What was the net sales year 2021?":                                                "net sales",
		"What is the acme long-term debt december 31 2021?":                                "acme long term debt",
		"What is the acme net sales three months ended july 30 2022 (q2 fy24 10-q)?":       "acme net sales",
		"What is the ACME diluted EPS 2019?":                                               "acme diluted eps",
		"What is the acme depreciation (cash flow statement) 2015?":                        "acme depreciation",
		"What is the acme net income fiscal 2022 (fy23 10-k)?":                             "acme net income",
		"What did Acme earn in 2018?":                                                      "earnings",
		"How much did Acme lose in 2022?":                                                  "loss",
		"What did Acme earn per diluted share in fiscal 2021?":                             "",
		"How much did Acme earn in net income in 2019?":                                    "",
		"What is the acme capex?":                                                          "acme capex",
		"What is the board met and voted to proceed against her date?":                     "",
		"How much did Acme pay out in dividends in fiscal 2023?":                           "dividends",
		"What did Acme pay in interest in fiscal 2023?":                                    "interest",
		"How much did Acme owe in long-term debt at the end of 2021?":                      "long term debt",
		"How much did Acme take in from selling wireless equipment in 2021?":               "wireless equipment",
		"How much did Acme bring in from sales in 2021?":                                   "sales",
		"What did Acme have in cash and cash equivalents at the end of 2022?":              "cash and cash equivalents",
		"In 2022, how much did Acme pay out to its shareholders in cash dividends?":        "cash dividends",
		"According to its 2021 10-K, how much cash and equivalents did Acme hold?":         "cash and equivalents",
		"What did Acme's defense segment sell in 2022?":                                    "sales",
	} {
		if got := ReadAsked(q).MeasureText; got != want {
			t.Errorf("ReadAsked(%q).MeasureText = %q, want %q", q, got, want)
		}
	}
	if a := ReadAsked("Did revenue grow in 2022?"); !a.YesNo {
		t.Errorf("did … asks yes or no: %+v", a)
	}
	if a := ReadAsked("What types of accounts receivable are there?"); !slices.Equal(a.List, LabelWords("accounts receivable")) {
		t.Errorf("list %v: 'what types of X are there' asks for X's items", a.List)
	}
	if a := ReadAsked("In 1972, did Norway end up joining the European Union?"); !a.YesNo {
		t.Errorf("a yes/no question may open with its setting: %+v", a)
	}
	if a := ReadAsked("In 1972, who joined the European Union?"); a.YesNo {
		t.Errorf("who … asks no yes or no: %+v", a)
	}
	if a := ReadAsked("When did the company acquire Acme?"); !a.Time || !a.When || !a.Figure {
		t.Errorf("when did asks a time: %+v", a)
	}
}

// TestParticularAsked: the particulars a securities form's cover states,
// asked as such, and questions that only share a word with them.
func TestParticularAsked(t *testing.T) {
	for q, want := range map[string]bool{
		"Where is PepsiCo headquartered?":                     true,
		"Which exchange is Boeing's common stock listed on?":  true,
		"What is Walmart's stock ticker?":                     true,
		"Under which state's laws was Nike incorporated?":     true,
		"How many Boeing shares were outstanding in January?": true,
		"In what state is Adobe incorporated?":                true,
		"Which city is American Water Works based in?":        true,
		"Under what symbol is Nike's Class B stock traded?":   true,
		"How many employees are based in Japan?":              false,
		"Where is the performance-based award defined?":       false,
		"What symbol does the chart use for revenue?":         false,
		"What was the foreign exchange loss in 2022?":         false,
		"When was the company founded?":                       false,
		"What was the weighted average share price?":          false,
	} {
		if got := ReadAsked(q).Particular; got != want {
			t.Errorf("ReadAsked(%q).Particular = %v, want %v", q, got, want)
		}
	}
}

func TestPrepositionKind(t *testing.T) {
	for q, want := range map[string]string{
		"In which city are Nike's principal executive offices?": Family("city"),
		"At what temperature does water boil?":                  Family("temperature"),
		"Which city is it based in?":                            "", // the reading's own Kind
		"In the city of Camden, what is based?":                 "",
		"In which the year ended?":                              "",
	} {
		if got := PrepositionKind(q); got != want {
			t.Errorf("PrepositionKind(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestInterrogative(t *testing.T) {
	for q, want := range map[string]string{
		"activision blizzard auditor fy2019":         "Who is the activision blizzard auditor fy2019?",
		"best buy net earnings Q2 FY24":              "What is the best buy net earnings Q2 FY24?",
		"walmart state of incorporation":             "Where is the walmart state of incorporation?",
		"3m employees":                               "How many employees does 3m have?",
		"best buy number of stores fy2023":           "How many stores does best buy fy2023 have?",
		"pepsico fiscal year end 2022":               "When did the pepsico fiscal year end 2022?",
		"In 1972, did Norway end up joining the EU?": "In 1972, did Norway end up joining the EU?",
		"What were 3M's net sales in 2022?":          "What were 3M's net sales in 2022?",
		"nike accounts receivable may 31 2020":       "What is the nike accounts receivable may 31 2020?",
		"May we see the 2020 accounts?":              "May we see the 2020 accounts?",
		"List the risk factors":                      "List the risk factors",
		"夕暮れに何をしますか":                                 "夕暮れに何をしますか",
	} {
		if got := Interrogative(q); got != want {
			t.Errorf("Interrogative(%q) = %q, want %q", q, got, want)
		}
	}
}
