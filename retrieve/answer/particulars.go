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

// The law an issuer is incorporated under is a value of its own kind too:
// a state or a country, written on a form's cover over the caption "State
// or other jurisdiction of incorporation or organization", or in prose as
// the place it was "incorporated in" or "organized under the laws of", or
// as "a Delaware corporation". "Incorporation" has a second sense in a
// filing — a document "incorporated by reference" into another — and a
// sentence of that sense names no jurisdiction ("We consent to the
// incorporation by reference in Registration Statement Nos. …").

// jurisdictionAskedRE finds a question asking where an issuer is
// incorporated or organised (not when): "Lockheed Martin is a corporation
// of which U.S. state?" too.
var jurisdictionAskedRE = regexp.MustCompile(`(?i)^\s*where\b.*\b(incorporated|organi[sz]ed)\b|\b(which|what)\s+(state|country|jurisdiction)\b.*\b(incorporated|organi[sz]ed)\b|\b(state|country|jurisdiction|place) of (incorporation|organi[sz]ation)\b|\blaws\b.*\b(incorporated|organi[sz]ed)\b|\b(corporation|company) of (which|what)\b`)

var (
	// incorporatedInRE finds a place written as the one an issuer was
	// incorporated, organised or formed in or under the laws of; the
	// words between may date it ("incorporated in 1967 under the laws of
	// the State of Oregon").
	incorporatedInRE = regexp.MustCompile(`(?i:\b(incorporated|incorporation|organi[sz]ed|formed|domiciled)\b([^.;]{0,40}?)\b(in|under\s+the\s+laws\s+of|laws\s+of)\s+(the\s+)?((state|commonwealth|province|republic)\s+of\s+(the\s+)?)?)(\p{Lu}[\p{L}.]*)`)
	// corporationOfRE finds "a Delaware corporation", "a New York
	// corporation".
	corporationOfRE = regexp.MustCompile(`\b(a|an)\s+(\p{Lu}\p{L}+(?:\s+\p{Lu}\p{L}+)?)\s+(corporation|company|limited liability company|limited partnership)\b`)
	// charterRE finds the charter an issuer files with the state it is
	// incorporated in, beside which that state is named ("Restated
	// Certificate of Incorporation … filed with the Secretary of State of
	// the State of New York").
	charterRE = regexp.MustCompile(`(?i)\b(certificate|articles) of (incorporation|organi[sz]ation)\b`)
	// jurisdictionCaptionRE finds the caption a form's cover sets under
	// the jurisdiction entered.
	jurisdictionCaptionRE = regexp.MustCompile(`(?i)\b(jurisdiction|incorporation|organi[sz]ation)\b`)
)

// documentWords are words that open the name of a part of a filing, not a
// place: "in Registration Statement No. 333-…", "under Item 5".
var documentWords = map[string]bool{"registration": true, "form": true, "exhibit": true, "item": true, "part": true,
	"note": true, "notes": true, "section": true, "schedule": true, "annual": true, "rule": true, "article": true}

// namesJurisdiction reports whether text, read under the caption or
// header under, names the jurisdiction an issuer is incorporated in; asked
// holds the question's family keys (the issuer's own name is no place).
func namesJurisdiction(text, under string, asked map[string]bool) bool {
	if jurisdictionCaptionRE.MatchString(under) && capitalisedNew(text, asked) {
		return true // an entry over its caption: "Delaware | 77-0019522"
	}
	for _, m := range incorporatedInRE.FindAllStringSubmatch(text, -1) {
		place := strings.ToLower(strings.TrimRight(m[len(m)-1], "."))
		if !strings.Contains(strings.ToLower(m[2]), "by reference") && !documentWords[place] && !asked[place] && !asked[lang.Family(place)] {
			return true
		}
	}
	for _, m := range corporationOfRE.FindAllStringSubmatch(text, -1) {
		if !onlyAsked(m[2], asked) {
			return true
		}
	}
	return charterRE.MatchString(text) && placeOfRE.MatchString(text)
}
