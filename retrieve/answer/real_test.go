package answer_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve"
	"archivist/retrieve/jev"
	"archivist/store"
)

// The offline answerer's rules, each on real documents: a 10-K from the
// FinanceBench set and a Federal Register notice from the fixtures, read
// from ../shared beside the checkout.

var (
	tenK   = filepath.Join("..", "..", "..", "shared", "eval", "financebench", "pdfs", "3M_2022_10K.pdf")
	notice = filepath.Join("..", "..", "..", "shared", "fixtures", "pdfplumber", "tests", "pdfs", "federal-register-2020-17221.pdf")
	readme = filepath.Join("..", "..", "..", "shared", "fixtures", "markdown", "pdfplumber_docs", "README.md")
	// brochure sets its figures under headings ("Employees", then "1914")
	// and repeats "Graduate Programme Brochure 7 PwC" at the foot of
	// every page.
	manual   = filepath.Join("..", "..", "..", "shared", "eval", "mmlongbench", "documents", "mmdetection-readthedocs-io-en-v2.18.0.pdf")
	brochure = filepath.Join("..", "..", "..", "shared", "eval", "mmlongbench", "documents", "PWC_opportunity_of_lifetime.pdf")
	// bestBuy's statements are "in millions, except per share amounts".
	bestBuy = filepath.Join("..", "..", "..", "shared", "eval", "mmlongbench", "documents", "BESTBUY_2023_10K.pdf")
	// pepsiCo lists its executive officers: the company's Chief Executive
	// Officer and several "Chief Executive Officer, <sector>".
	pepsiCo = filepath.Join("..", "..", "..", "shared", "eval", "financebench", "pdfs", "PEPSICO_2022_10K.pdf")
	// watchManual is a manual whose sentences run on from one page to the next.
	watchManual = filepath.Join("..", "..", "..", "shared", "eval", "mmlongbench", "documents", "honor_watch_gs_pro.pdf")
	// stepBack reports its results in a table of methods by benchmark.
	stepBack = filepath.Join("..", "..", "..", "shared", "eval", "mmlongbench", "documents", "STEPBACK.pdf")
	// verizon sets "2022 vs. 2021" over a change and its percentage;
	// ultaEarnings sets each year over an amount and its percentage of net
	// sales; nike continues its balance sheet in a table block that opens
	// with a row of figures.
	verizon      = filepath.Join("..", "..", "..", "shared", "eval", "financebench", "pdfs", "VERIZON_2022_10K.pdf")
	ultaEarnings = filepath.Join("..", "..", "..", "shared", "eval", "financebench", "pdfs", "ULTABEAUTY_2023Q4_EARNINGS.pdf")
	nike         = filepath.Join("..", "..", "..", "shared", "eval", "financebench", "pdfs", "NIKE_2019_10K.pdf")
	// mgmQuarter sets the header of its debt table, "June 30, December
	// 31," over "2023 2022" and "(In thousands)", as a paragraph above the
	// table's rows.
	mgmQuarter = filepath.Join("..", "..", "..", "shared", "eval", "financebench", "pdfs", "MGMRESORTS_2023Q2_10Q.pdf")
	// verizon2021 introduces its table of benefit payments by year with
	// "The benefit payments to retirees are expected to be paid as
	// follows:" and a line of its unit.
	verizon2021 = filepath.Join("..", "..", "..", "shared", "eval", "financebench", "pdfs", "VERIZON_2021_10K.pdf")
	// annualReport is a company's 2002–03 annual report that gives the
	// year's dividend but not the year before's.
	annualReport = filepath.Join("..", "..", "..", "shared", "eval", "mmlongbench", "documents", "afe620b9beac86c1027b96d31d396407.pdf")
)

// realLib is a library with one real document imported, asked offline.
type realLib struct {
	db       *store.DB
	research *retrieve.Research
}

var (
	realMu   sync.Mutex
	realLibs = map[string]*realLib{} // path → its library, imported once per test run
	realDirs []string
)

// realLibrary imports one real document into a library of its own, once,
// wired as the program wires one (dates, abbreviations, the offline
// providers).
func realLibrary(t *testing.T, path string) *realLib {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s not found (../shared beside the checkout): %v", path, err)
	}
	realMu.Lock()
	defer realMu.Unlock()
	if l, ok := realLibs[path]; ok {
		return l
	}
	dir, err := os.MkdirTemp("", "archivist-answers-")
	if err != nil {
		t.Fatal(err)
	}
	realDirs = append(realDirs, dir)
	ctx := context.Background()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	im, err := ingest.New(ctx, db, ingest.Config{NewID: uuid.NewString, Roles: jev.Chooser{Provider: jev.Local{}}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := im.ImportFiles(ctx, []string{path}, "", nil)
	if err != nil || len(res) != 1 || res[0].Outcome != app.OutcomeImported {
		t.Fatalf("import %s: %v %+v", path, err, res)
	}
	research := retrieve.Offline(db, uuid.NewString)
	research.Upgrade, research.Cited = im.Upgrade, im.CiteOCR
	l := &realLib{db: db, research: research}
	realLibs[path] = l
	return l
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, l := range realLibs {
		l.db.Close()
	}
	for _, d := range realDirs {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// askReal asks question of lib offline, as `ask` does: one question of a
// new conversation over the whole library, with the balanced preset.
func askReal(t *testing.T, lib *realLib, question string) *app.Answer {
	t.Helper()
	ans, _, _, err := lib.research.NewConversation(app.Scope{}).AskWith(context.Background(), question, app.PresetBalanced, retrieve.AskOptions{})
	if err != nil {
		t.Fatalf("ask %q: %v", question, err)
	}
	return ans
}

// quoted reports whether one of the answer's quotes holds want.
func quoted(ans *app.Answer, want string) bool {
	for _, c := range ans.Citations {
		if strings.Contains(strings.Join(strings.Fields(c.Quote), " "), want) {
			return true
		}
	}
	return false
}

func TestAnswersOnRealDocuments(t *testing.T) {
	t.Run("WordFormsAndCount", func(t *testing.T) {
		// "employees" asked, "employed" written; the count beside it wins
		// over a sentence about a $50 million workforce programme.
		ans := askReal(t, realLibrary(t, tenK), "How many employees does 3M have?")
		if !ans.Sufficient || !strings.Contains(ans.Citations[0].Quote, "employed approximately 92,000 people") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("DefinedAbbreviation", func(t *testing.T) {
		// The notice defines "Airworthiness Directive (AD)": the definition
		// is the answer, though "stand" is written nowhere.
		ans := askReal(t, realLibrary(t, notice), "What does AD stand for?")
		if !ans.Sufficient || !strings.Contains(ans.Citations[0].Quote, "Airworthiness Directive (AD)") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("ProposalAndItsAirplanes", func(t *testing.T) {
		ans := askReal(t, realLibrary(t, notice), "What does the FAA propose to supersede, and which airplanes does that directive apply to?")
		if !ans.Sufficient || !quoted(ans, "The FAA proposes to supersede Airworthiness Directive (AD) 2018–23–51, which applies to all The Boeing Company Model 737–8") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("TableCellWithItsHeader", func(t *testing.T) {
		// The row alone does not say which figure is 2022; the answer
		// states the cell under the asked year, and the citation outlines
		// that cell alone.
		ans := askReal(t, realLibrary(t, tenK), "What were 3M's total net sales in 2022?")
		if !ans.Sufficient || len(ans.Citations) == 0 {
			t.Fatalf("answer %s", ans.Answer)
		}
		c := ans.Citations[0]
		if !strings.HasPrefix(c.Quote, "Total Company") || c.Precision != "cell" || c.Cell != "34,229" ||
			!strings.Contains(c.Header, "2022") || len(c.Rects) != 1 {
			t.Fatalf("citation %+v", c)
		}
		if !strings.Contains(ans.Answer, "Total Company, 2022: $34,229 million — “Total Company") {
			t.Fatalf("answer %s", ans.Answer)
		}
		if ans.Value != "$34,229 million" {
			t.Errorf("the reply states %q, want the cell's figure with its unit", ans.Value)
		}
		row := askReal(t, realLibrary(t, tenK), "What were 3M's total net sales?")
		for _, c := range row.Citations {
			if c.Precision == "cell" {
				t.Fatalf("no period asked, yet a cell was chosen: %+v", c)
			}
		}
	})
	t.Run("NoCellWhereAHeaderCellSpansSeveral", func(t *testing.T) {
		// Right-aligned, "2022" fell over 2021's figure ($5,326) and over
		// a percentage of sales ("100.0%"): a header whose cells do not
		// match the row's says which cell is whose no more, and no
		// figure is stated from it.
		ans := askReal(t, realLibrary(t, verizon), "What were Verizon's total interest costs on debt balances in 2022?")
		for _, c := range ans.Citations {
			if c.Precision == "cell" && strings.Contains(c.Quote, "5,643") && c.Cell != "$ 5,643" && c.Cell != "5,643" {
				t.Fatalf("cell %q of %q for 2022, under %q", c.Cell, c.Quote, c.Header)
			}
		}
		if strings.Contains(ans.Answer, "2022: $ 5,326") {
			t.Fatalf("2021's figure stated for 2022: %s", ans.Answer)
		}
		ans = askReal(t, realLibrary(t, ultaEarnings), "What were Ulta Beauty's net sales in fiscal 2022?")
		for _, c := range ans.Citations {
			if c.Precision == "cell" && strings.Contains(c.Cell, "%") {
				t.Fatalf("a percentage stated as net sales: cell %q of %q, under %q", c.Cell, c.Quote, c.Header)
			}
		}
		// The fiscal year's row (its table's header set as the paragraph
		// above it), not the fourth quarter's ($ 3,226,773).
		if !quoted(ans, "Net sales | $ 10,208,580") {
			t.Fatalf("the fiscal year's net sales row is not quoted: %s", ans.Answer)
		}
	})
	t.Run("CellOfAnotherMeasure", func(t *testing.T) {
		// Over its row labels the table says "Net Sales": its Health Care
		// cell answers net sales, not operating income.
		lib := realLibrary(t, tenK)
		ans := askReal(t, lib, "What were the Health Care net sales in 2022?")
		if len(ans.Citations) == 0 || ans.Citations[0].Cell != "8,421" {
			t.Fatalf("net sales: %s", ans.Answer)
		}
		ans = askReal(t, lib, "What was the Health Care operating income (loss) in 2022?")
		for _, c := range ans.Citations {
			if c.Cell != "" && strings.Contains(c.Header, "Net Sales") {
				t.Fatalf("a net sales cell stated as operating income: %s", ans.Answer)
			}
		}
	})
	t.Run("RowOfFiguresIsNoHeader", func(t *testing.T) {
		ans := askReal(t, realLibrary(t, nike), "According to the balance sheet, how much total current assets did Nike have at the end of FY2019?")
		if !ans.Sufficient || !quoted(ans, "Total current assets | 16,525 | 15,134") {
			t.Fatalf("answer %s", ans.Answer)
		}
		if strings.Contains(ans.Answer, "under “Cash and equivalents") {
			t.Fatalf("a row of figures read as the header: %s", ans.Answer)
		}
	})
	t.Run("HeaderSetAboveItsTable", func(t *testing.T) {
		ans := askReal(t, realLibrary(t, mgmQuarter), "What was the MGM China second revolving credit facility balance as of June 30, 2023?")
		if !ans.Sufficient || !quoted(ans, "MGM China second revolving credit facility |") ||
			!strings.Contains(ans.Answer, "under “June 30, December 31, / 2023 2022 / (In thousands)”") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("GroupedColumns", func(t *testing.T) {
		// 3M's segment table sets 2022 over its assets, its depreciation
		// and its capital expenditures, each named in the header row
		// above: the asked group's 2022, not the first 2022.
		ans := askReal(t, realLibrary(t, tenK), "What were the capital expenditures of the Consumer segment in 2022?")
		if !quoted(ans, "Consumer | 2,753 | 2,783 | 148") || !strings.Contains(ans.Answer, "Consumer, Capital Expenditures 2022: 146 million —") ||
			ans.Citations[0].Cell != "146" {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("RowsUnderTheirIntroduction", func(t *testing.T) {
		// The rows of a table answer through the sentence introducing
		// them: "2024 | 1,097 | 862" holds none of the question's words.
		ans := askReal(t, realLibrary(t, verizon2021), "As of FY 2021, how much did Verizon expect to pay for its retirees in 2024?")
		if !ans.Sufficient || !quoted(ans, "The benefit payments to retirees are expected to be paid as follows:") || !quoted(ans, "2024 | 1,097 | 862") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("QuoteWritesWhatIsAsked", func(t *testing.T) {
		// A sentence sharing only the question's years ("During the year
		// 2002-03, seven Board Meetings were held …") answers nothing.
		ans := askReal(t, realLibrary(t, annualReport), "How much higher was the dividend paid in 2003 compared to 2002?")
		for _, c := range ans.Citations {
			if strings.Contains(c.Quote, "Board Meetings") {
				t.Fatalf("answer %s", ans.Answer)
			}
		}
		if ans.Sufficient {
			t.Fatalf("answered from a year's dividend alone: %s", ans.Answer)
		}
	})
	t.Run("TextTableRowWithItsHeaderRow", func(t *testing.T) {
		ans := askReal(t, realLibrary(t, readme), "What does the --precision argument do?")
		if !ans.Sufficient || !strings.HasPrefix(ans.Citations[0].Quote, "--precision [integer]") ||
			!strings.Contains(ans.Answer, "[1], under “Argument | Description”") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("OneNumberPerQuote", func(t *testing.T) {
		// Two quotes of one filing, from different pages, are [1] and [2];
		// both cite source 1.
		ans := askReal(t, realLibrary(t, tenK), "What were 3M's research and development expenses and capital expenditures in 2022?")
		if !ans.Sufficient || len(ans.Citations) < 2 {
			t.Fatalf("answer %s", ans.Answer)
		}
		for i, c := range ans.Citations {
			if c.N != i+1 || c.Source != 1 || c.SourceN() != 1 || !strings.Contains(ans.Answer, "” ["+strconv.Itoa(i+1)+"]") {
				t.Fatalf("citation %d: n %d, source %d\n%s", i, c.N, c.Source, ans.Answer)
			}
		}
		if len(ans.Sources) != 1 || ans.Sources[0].N != 1 {
			t.Fatalf("sources %+v", ans.Sources)
		}
	})
	t.Run("InsufficientShowsClosestEvidence", func(t *testing.T) {
		// Nothing in the filing answers it: the answer says so first, and
		// then shows what came closest, cited, without calling it the
		// answer.
		ans := askReal(t, realLibrary(t, tenK), "Who is the CEO of 3M's Zanzibar ferry subsidiary?")
		if ans.Sufficient || ans.Verdict != app.VerdictClosest || !strings.HasPrefix(ans.Answer, app.InsufficientEvidence) ||
			!strings.Contains(ans.Answer, "\n\n"+app.ClosestEvidence) ||
			len(ans.Citations) == 0 || len(ans.Citations) > 2 {
			t.Fatalf("answer %s", ans.Answer)
		}
		for _, c := range ans.Citations {
			if c.Quote == "" || len(c.Rects) == 0 || !strings.Contains(ans.Answer, strings.Join(strings.Fields(c.Quote), " ")) {
				t.Fatalf("closest evidence without its quote or highlight: %+v", c)
			}
		}
	})
	t.Run("AbbreviationsLearnedAtImport", func(t *testing.T) {
		db := realLibrary(t, notice).db
		ctx := context.Background()
		docs, err := db.Documents(ctx)
		if err != nil || len(docs) != 1 {
			t.Fatalf("documents %v, %v", docs, err)
		}
		snap, err := db.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer snap.Close()
		got, err := snap.Abbreviations(ctx, []string{docs[0].ID})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"FAA": "Federal Aviation Administration", "AD": "Airworthiness Directive",
			"MCAS": "maneuvering characteristics augmentation system", "NTSB": "National Transportation Safety Board"}
		for _, a := range got[docs[0].ID] {
			if w, ok := want[a.Short]; ok && w == a.Long {
				delete(want, a.Short)
			}
		}
		if len(want) > 0 {
			t.Fatalf("not learned: %v (learned %+v)", want, got)
		}
	})
	t.Run("FigureUnderItsHeadingNotTheRunningFoot", func(t *testing.T) {
		ans := askReal(t, realLibrary(t, brochure), "How many employees does PwC Assurance have?")
		if !ans.Sufficient || ans.Citations[0].Quote != "1914" || !strings.Contains(ans.Answer, "Employees — “1914” [1]") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("PeriodWordsAreTheYearsColumn", func(t *testing.T) {
		// "for the fiscal year ended December 31, 2022" asks for the 2022
		// column; its words need not stand in the row.
		ans := askReal(t, realLibrary(t, tenK), "What were 3M's total net sales for the fiscal year ended December 31, 2022?")
		if !ans.Sufficient || ans.Citations[0].Cell != "34,229" {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("NumberFormsAcrossUnits", func(t *testing.T) {
		// "11.6 billion" asked; the table in millions writes 11,604.
		// (The sentence introducing its table may be quoted before it.)
		ans := askReal(t, realLibrary(t, tenK), "Which segment had net sales of about 11.6 billion in 2022?")
		row := slices.IndexFunc(ans.Citations, func(c app.Citation) bool {
			return strings.HasPrefix(c.Quote, "Total Safety and Industrial Business Segment | 11,604")
		})
		if !ans.Sufficient || row < 0 || row > 1 {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("AskedYearIsAConstraint", func(t *testing.T) {
		// The filing's tables hold 2022, 2021 and 2020: a sentence about
		// 2020 does not answer for 2019.
		ans := askReal(t, realLibrary(t, tenK), "What were 3M's total net sales in 2019?")
		if ans.Sufficient {
			t.Fatalf("answered for another year: %s", ans.Answer)
		}
		ans = askReal(t, realLibrary(t, tenK), "How many employees did 3M have at the end of 2022?")
		if !ans.Sufficient || !strings.Contains(ans.Citations[0].Quote, "December 31, 2022, the Company employed") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("MistypedFunctionWord", func(t *testing.T) {
		// "dose" is "does" mistyped: it asks nothing the brochure lacks.
		ans := askReal(t, realLibrary(t, brochure), "How many employees dose PwC Assurance have?")
		if !ans.Sufficient || ans.Citations[0].Quote != "1914" {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("GivenNameIsAConstraint", func(t *testing.T) {
		// The brochure has no "Technic" line of service ("technical" is
		// another word), and the step-back paper no LLaVa results: quotes
		// about Assurance offices or PaLM-2L scores answer neither.
		ans := askReal(t, realLibrary(t, brochure), "How many offices does PwC Technic have?")
		if ans.Sufficient {
			t.Fatalf("answered for a name the brochure never gives: %s", ans.Answer)
		}
		ans = askReal(t, realLibrary(t, brochure), "How many offices does PwC Assurance have?")
		if !ans.Sufficient {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("LineUnderItsHeading", func(t *testing.T) {
		// The people page sets each role under its person's name; the
		// answer states the name it read the line under.
		ans := askReal(t, realLibrary(t, brochure), "What is the position of Ibrahim?")
		if !ans.Sufficient || !strings.Contains(ans.Citations[0].Quote, "Core Assurance") ||
			!strings.Contains(ans.Answer, "Ghada Ibrahim — “") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("NameWrittenAsOneWordAndPerShareUnits", func(t *testing.T) {
		// "Bestbuy" is the filing's "BEST BUY"; earnings per share are in
		// dollars though the statement is in millions.
		ans := askReal(t, realLibrary(t, bestBuy), "what is basic earnings per share in FY2023 for Bestbuy?")
		if !ans.Sufficient || ans.Citations[0].Cell != "6.31" || !strings.Contains(ans.Answer, ": $6.31 — “") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("SentenceAcrossAPageBreak", func(t *testing.T) {
		// "In this case, ensure that you" ends page 24; "measure your
		// resting heart rate in a quiet and relaxed environment …" opens
		// page 25 under its running head.
		ans := askReal(t, realLibrary(t, watchManual), "What should you ensure when the watch is unable to measure your resting heart rate?")
		var c *app.Citation
		for i := range ans.Citations {
			if len(ans.Citations[i].Blocks) == 2 {
				c = &ans.Citations[i]
			}
		}
		if !ans.Sufficient || c == nil || c.PageStart != 24 || c.PageEnd != 25 ||
			!strings.HasPrefix(strings.Join(strings.Fields(c.Quote), " "), "In this case, ensure that you measure your resting heart rate in a quiet and relaxed environment") {
			t.Fatalf("answer %s\n%+v", ans.Answer, ans.Citations)
		}
		pages := map[int]bool{}
		for _, r := range c.Rects {
			pages[r.Page] = true
		}
		if !pages[24] || !pages[25] {
			t.Fatalf("highlights on pages %v, want 24 and 25", pages)
		}
	})
	t.Run("UnqualifiedTitle", func(t *testing.T) {
		// "CEO" is the company's, not "Chief Executive Officer,
		// International Beverages".
		ans := askReal(t, realLibrary(t, pepsiCo), "Who is the CEO of PepsiCo?")
		if !ans.Sufficient || !strings.Contains(ans.Citations[0].Quote, "Ramon L. Laguarta has served as PepsiCo’s Chief Executive Officer") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("NameBesideTheTitle", func(t *testing.T) {
		// Who holds a title is the name set beside it (the signature
		// "Michael F. Roman / Chief Executive Officer", the officers'
		// list), not the "CEO Inclusion Council" a sentence names.
		ans := askReal(t, realLibrary(t, tenK), "Who is the CEO of 3M?")
		if !ans.Sufficient || !strings.Contains(ans.Citations[0].Quote, "Michael F. Roman") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
	t.Run("RowAndColumnTheQuestionNames", func(t *testing.T) {
		// The question names the row by its label and the column by its
		// header: the cell answers, though a sentence shares the verb.
		ans := askReal(t, realLibrary(t, stepBack), "What score did PaLM-2L + Step-Back achieve in MMLU Physics?")
		if !ans.Sufficient || ans.Citations[0].Cell != "73.2% (1.9%)" || ans.Citations[0].Precision != "cell" ||
			!strings.Contains(ans.Answer, "PaLM-2L + Step-Back (ours), MMLU Physics: 73.2% (1.9%) — “") {
			t.Fatalf("answer %s", ans.Answer)
		}
		// Another model's row is not addressed, and no row names LLaVa.
		if ans := askReal(t, realLibrary(t, stepBack), "What score did LLaVa + Step-Back achieve in MMLU Physics?"); ans.Sufficient {
			t.Fatalf("answered for a model the paper never ran: %s", ans.Answer)
		}
	})
	t.Run("WhichAsksForAName", func(t *testing.T) {
		// "Fast NMS in YOLACT." names the paper in capitals; a sentence
		// about another paper's fast search shares more words. The
		// sentence does not say the paper "uses" it, so it is shown first
		// as the closest passage rather than stated as the answer.
		ans := askReal(t, realLibrary(t, manual), "Which paper uses the Fast NMS processing?")
		if len(ans.Citations) == 0 || !strings.Contains(ans.Citations[0].Quote, "Fast NMS in YOLACT.") {
			t.Fatalf("answer %s", ans.Answer)
		}
	})
}
