package lang

import "strings"

// The glossary: standard vocabulary of business filings and of documents in
// general, the way a reader who knows the field hears it. Each line is one
// group of equivalent phrases ("|" between them); a question naming one
// phrase of a group matches text holding any of them. It is general
// knowledge of the field, never of particular documents.
//
// The bundled abbreviations (commonAbbreviations, which the extractive
// answerer reads too) join it as groups of their own, so a question's "CEO"
// meets the "Chief Executive Officer" in routing as in answering — those
// of three or more letters without digits (a two-letter one is a word as
// often, "US", "UN"; the fiscal year and quarters are periods, which
// Analyze reads) that no line below already places: "SG&A" keeps its
// group, and "EBITDA" stays a measure met by the parts it is computed
// from (relatedGroups) — documents seldom write it out, and a question
// asking for it is answered by its parts.
//
// Limit: English only, and only the vocabulary below; anything else is
// matched by its stem alone.
var synonymGroups = `
revenue | revenues | net revenue | net revenues | net sales | sales | total revenue | total revenues | top line | turnover
cost of goods sold | cogs | cost of sales | cost of revenue | cost of revenues | cost of products sold | costs of goods sold
capital expenditure | capital expenditures | capex | purchases of property plant and equipment | additions to property plant and equipment | payments for property plant and equipment | capital spending | purchases of property and equipment | expenditures for property
property plant and equipment | pp&e | ppe | ppne | fixed assets | property and equipment
depreciation and amortization | d&a | depreciation amortization
selling general and administrative | sg&a | selling general administrative
mergers and acquisitions | m&a | acquisition | acquisitions | acquired
operating income | operating profit | income from operations | operating earnings | earnings from operations
net income | net earnings | net profit | profit for the year
operating cash flow | cash from operations | cash flow from operations | net cash provided by operating activities | cash provided by operations | operating activities
accounts payable | trade payables | payables
accounts receivable | trade receivables | receivables
inventory | inventories | merchandise inventories
shareholders equity | stockholders equity | shareowners equity | total equity | shareholders funds
balance sheet | balance sheets | statement of financial position | statements of financial position | financial position
income statement | statement of income | statements of income | statement of operations | statements of operations | statement of earnings | statements of earnings | profit and loss | statements of comprehensive income
cash flow statement | statement of cash flows | statements of cash flows | cash flows
dividend | dividends | dividends paid | cash dividends | dividend paid
effective tax rate | effective income tax rate | effective tax
long term debt | long-term debt | borrowings | notes payable | total debt
interest expense | interest cost | interest costs
gross margin | gross profit
share repurchase | stock repurchase | share repurchases | stock repurchases | buyback | buybacks | repurchases of common stock | repurchase program | repurchased
employees | employee | headcount | workforce | staff
segment | segments | reportable segments | business segments | operating segments
guidance | outlook | forecast
legal proceedings | litigation | lawsuits | legal battles | lawsuit
restructuring | restructuring costs | restructuring charges
marketable securities | short-term investments | short term investments
cash and cash equivalents | cash equivalents
current liabilities | total current liabilities
current assets | total current assets
total assets | assets
figure | figures | fig | chart | charts | graph | graphs | diagram | plot
table | tables | tabular
photo | photos | photograph | photographs | picture | pictures | image | images
abbreviation | acronym | stands for | stand for
author | authors | written by
`

// relatedGroups name what a derived measure is computed from: a question
// asking for the measure is helped by text holding its parts. Matches of
// these count for less than the measure's own name.
var relatedGroups = `
quick ratio: cash and cash equivalents, marketable securities, accounts receivable, current liabilities
current ratio: current assets, current liabilities
working capital: current assets, current liabilities
fixed asset turnover: revenue, property plant and equipment
asset turnover: revenue, total assets
inventory turnover: cost of goods sold, inventory
days payable outstanding: accounts payable, cost of goods sold
dpo: accounts payable, cost of goods sold
days sales outstanding: accounts receivable, revenue
dso: accounts receivable, revenue
days inventory outstanding: inventory, cost of goods sold
dio: inventory, cost of goods sold
cash conversion cycle: inventory, accounts receivable, accounts payable, cost of goods sold
gross margin: revenue, cost of goods sold
operating margin: operating income, revenue
ebitda: operating income, depreciation and amortization
ebit: operating income
interest coverage: operating income, interest expense
return on assets: net income, total assets
roa: net income, total assets
return on equity: net income, shareholders equity
roe: net income, shareholders equity
capital intensive: capital expenditure, property plant and equipment, total assets, revenue
debt to equity: long term debt, shareholders equity
free cash flow: operating cash flow, capital expenditure
payout ratio: dividend, net income
liquidity: cash and cash equivalents, current assets, current liabilities
capitalization ratio: long term debt, shareholders equity
capital employed: total assets, current liabilities, operating income
operating cash flow ratio: operating cash flow, current liabilities
growth rate: revenue
cagr: revenue
`

// phrase is a glossary phrase: its stems and its words as written.
type phrase struct {
	stems []string
	text  string
}

// glossary holds the parsed groups: each phrase (as stems joined by " ")
// maps to its group's phrases, and each measure to the phrases it is made
// of.
type glossary struct {
	syn     map[string][]phrase
	related map[string][][]phrase // measure → its parts, each with its synonyms
	maxLen  int                   // longest phrase in words
}

var gloss = buildGlossary()

func phraseStems(p string) []string {
	var out []string
	for _, t := range Tokens(p) {
		out = append(out, t.Stem)
	}
	return out
}

func buildGlossary() *glossary {
	g := &glossary{syn: map[string][]phrase{}, related: map[string][][]phrase{}}
	for _, line := range strings.Split(synonymGroups, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var group []phrase
		for _, p := range strings.Split(line, "|") {
			p = strings.TrimSpace(p)
			if s := phraseStems(p); len(s) > 0 {
				group = append(group, phrase{s, p})
				g.maxLen = max(g.maxLen, len(s))
			}
		}
		for _, p := range group {
			k := strings.Join(p.stems, " ")
			g.syn[k] = appendPhrases(g.syn[k], group...)
		}
	}
	measures := map[string]bool{}
	for _, line := range strings.Split(relatedGroups, "\n") {
		if name, _, ok := strings.Cut(line, ":"); ok {
			measures[strings.Join(phraseStems(name), " ")] = true
		}
	}
	for _, a := range commonAbbreviations {
		key := strings.Join(phraseStems(a.Short), " ")
		if len(a.Short) < 3 || strings.ContainsAny(a.Short, "0123456789") || g.syn[key] != nil || measures[key] {
			continue
		}
		long := phrase{phraseStems(a.Long), strings.ToLower(a.Long)}
		short := phrase{phraseStems(a.Short), strings.ToLower(a.Short)}
		g.syn[key] = []phrase{short, long}
		g.syn[strings.Join(long.stems, " ")] = appendPhrases(g.syn[strings.Join(long.stems, " ")], long, short)
		g.maxLen = max(g.maxLen, len(long.stems))
	}
	for _, line := range strings.Split(relatedGroups, "\n") {
		name, parts, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key := strings.Join(phraseStems(name), " ")
		g.maxLen = max(g.maxLen, len(phraseStems(name)))
		for _, p := range strings.Split(parts, ",") {
			p = strings.TrimSpace(p)
			s := phraseStems(p)
			if len(s) == 0 {
				continue
			}
			forms := []phrase{{s, p}}
			if syn, ok := g.syn[strings.Join(s, " ")]; ok {
				forms = appendPhrases(forms, syn...)
			}
			g.related[key] = append(g.related[key], forms)
		}
	}
	return g
}

// Equivalents returns the words of every glossary phrase equivalent to one
// that text holds: "Net Sales (Millions)" gives "revenue", "net revenues",
// "turnover", …, so a reader of a table headed "Net Sales" knows it
// answers a question asking for revenue, as routing does.
func Equivalents(text string) []string {
	toks := Tokens(text)
	var out []string
	for n := min(gloss.maxLen, len(toks)); n >= 1; n-- {
		for i := 0; i+n <= len(toks); i++ {
			stems := make([]string, n)
			for k := range stems {
				stems[k] = toks[i+k].Stem
			}
			for _, p := range gloss.syn[strings.Join(stems, " ")] {
				out = append(out, strings.Fields(p.text)...)
			}
		}
	}
	return out
}

func appendPhrases(dst []phrase, add ...phrase) []phrase {
	for _, a := range add {
		k := strings.Join(a.stems, " ")
		dup := false
		for _, d := range dst {
			if strings.Join(d.stems, " ") == k {
				dup = true
				break
			}
		}
		if !dup {
			dst = append(dst, a)
		}
	}
	return dst
}
