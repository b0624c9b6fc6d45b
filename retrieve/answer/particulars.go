package answer

import (
	"regexp"
	"strings"

	"archivist/app/lang"
)

// An issuer's trading symbol and the exchange that lists its shares are
// values of their own kind, as a firm's name is for "who audits": a quote
// answers "What is its ticker?" only where it gives a symbol, "Which
// exchange lists its stock?" only where it names an exchange. Without
// this a sentence saying that the stock is listed, or the caption row of
// a form's cover ("Title of each class | Trading Symbol | Name of each
// exchange on which registered"), carries the question's words and
// answers nothing.

// symbolAskedRE finds a question asking a trading symbol.
var symbolAskedRE = regexp.MustCompile(`(?i)\b(ticker|trading symbols?|stock symbols?)\b`)

// exchangeAskedRE finds a question asking the exchange that lists shares.
var exchangeAskedRE = regexp.MustCompile(`(?i)\b(which|what) (stock |securities )?exchanges?\b|\b(listed|traded|quoted|trades?) on( the| which| what)? (stock |securities )?exchange`)

// exchangeAbbrevs are the short names exchanges go by, which a filing
// writes for the exchange as often as its full name.
var exchangeAbbrevs = map[string]bool{"nyse": true, "nasdaq": true, "amex": true, "lse": true, "tsx": true, "euronext": true, "xetra": true, "hkex": true, "asx": true}

// givesSymbol reports whether text gives a trading symbol: a word of one
// to five capital letters (a class after a dot, "BRK.B"), standing
// alone, that the question does not write and that is no exchange's
// short name — or any such word right after "symbol", where a symbol may
// be the issuer's own name ("under the symbol “MGM”"). Symbols are written so, on every exchange that lists
// shares in Latin letters.
func givesSymbol(text string, asked map[string]bool) bool {
	for _, m := range symbolRE.FindAllStringSubmatchIndex(text, -1) {
		if end := m[3]; end+1 < len(text) && text[end] == '.' && text[end+1] >= 'A' && text[end+1] <= 'Z' {
			continue // an initial of "U.S.C.", not a symbol
		}
		w := strings.ToLower(text[m[2]:m[3]])
		before := strings.ToLower(text[max(0, m[2]-16):m[2]])
		if strings.Contains(before, "symbol") && !exchangeAbbrevs[w] {
			return true // "under the symbol “MGM”": a symbol may be the name's word
		}
		if !asked[w] && !asked[lang.Family(w)] && !exchangeAbbrevs[w] && !orgSuffix[w] && w != "i" {
			return true
		}
	}
	return false
}

// lawHeads end the names of laws and bodies that hold "Exchange".
var lawHeads = map[string]bool{"act": true, "commission": true, "rule": true, "rules": true, "regulation": true, "regulations": true}

var symbolRE = regexp.MustCompile(`(?:^|[\s“"'(|])([A-Z]{1,5}(?:\.[A-Z])?)(?:$|[\s”"')|.,;])`)

// namesExchange reports whether text names an exchange: a capitalised
// name whose last word is "Exchange" or "Market" ("New York Stock
// Exchange", "The Nasdaq Global Select Market") and that is not a law or
// a body named after one ("the Securities Exchange Act", "the Securities
// and Exchange Commission"), or an exchange's short name.
func namesExchange(text string) bool {
	toks := lang.Tokens(text)
	for i, t := range toks {
		if exchangeAbbrevs[t.Lower] && (t.Cap || t.AllCaps) {
			return true
		}
		if t.Lower != "exchange" && t.Lower != "market" || !t.Cap || i == 0 || !(toks[i-1].Cap || toks[i-1].AllCaps) {
			continue
		}
		if i+1 < len(toks) && toks[i+1].Cap && lawHeads[toks[i+1].Lower] {
			continue // "Exchange Act", "Exchange Commission": the name goes on to its head
		}
		return true
	}
	return false
}
