package ingest

import (
	"sort"
	"strings"
	"unicode"

	"archivist/app"
)

// maxCaptionChars bounds one caption in the profile.
const maxCaptionChars = 160

// BuildProfile derives a document's search profile from its parse.
func BuildProfile(p *app.Parsed) app.Profile {
	prof := app.Profile{Outline: []app.OutlineEntry{}, Acronyms: []app.Acronym{}, Captions: []string{}, Pages: p.Pages}
	for _, s := range p.Sections {
		if s.Parent < 0 || len(prof.Outline) == app.MaxProfileOutline {
			continue
		}
		prof.Outline = append(prof.Outline, app.OutlineEntry{Level: s.Level, Heading: s.Heading,
			PageStart: s.PageStart, PageEnd: s.PageEnd, LineStart: s.LineStart, LineEnd: s.LineEnd})
	}
	acr := acronymCounter{}
	for _, b := range p.Blocks {
		prof.Words += app.BlockWords(b) // as the document's count: a table's cell separators are no words
		if c := caption(b); c != "" && len(prof.Captions) < app.MaxProfileCaptions {
			prof.Captions = append(prof.Captions, c)
		}
		acr.scan(b.Text)
	}
	prof.Acronyms = acr.top(app.MaxProfileAcronyms)
	return prof
}

// caption returns the first line of a block that starts with a numbered
// caption, or "".
func caption(b app.Block) string {
	line, _, _ := strings.Cut(b.Text, "\n")
	line = strings.TrimSpace(line)
	if _, _, ok := app.NumberedCaption(line); !ok {
		return "" // an unnumbered caption cannot be referred to
	}
	if r := []rune(line); len(r) > maxCaptionChars {
		line = string(r[:maxCaptionChars]) + "…"
	}
	return line
}

// acronymCounter counts abbreviations and remembers expansions written
// out before them in parentheses: "Free Cash Flow (FCF)".
type acronymCounter map[string]*app.Acronym

func (a acronymCounter) scan(text string) {
	words := strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) })
	for i, w := range words {
		paren := strings.HasPrefix(w, "(")
		short := strings.Trim(w, "()[],.;:\"'“”’")
		short = strings.TrimSuffix(short, "s") // "ETFs"
		if !isAcronym(short) {
			continue
		}
		e := a[short]
		if e == nil {
			e = &app.Acronym{Short: short}
			a[short] = e
		}
		e.Count++
		if paren && e.Expansion == "" {
			e.Expansion = expansion(short, words[:i])
		}
	}
}

// isAcronym reports whether w looks like an abbreviation: 2–8 characters,
// starting with a capital, at least two capitals, no lower-case letters
// beyond a trailing plural.
func isAcronym(w string) bool {
	if len(w) < 2 || len(w) > 8 || !unicode.IsUpper(rune(w[0])) {
		return false
	}
	upper := 0
	for _, r := range w {
		switch {
		case unicode.IsUpper(r):
			upper++
		case unicode.IsDigit(r) || r == '&' || r == '-':
		default:
			return false
		}
	}
	return upper >= 2
}

// expansion returns the words before an acronym whose initials spell it,
// skipping small words ("Department of Energy (DOE)"), or "".
func expansion(short string, before []string) string {
	letters := []rune(strings.ToLower(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, short)))
	j := len(letters) - 1
	start := -1
	for i := len(before) - 1; i >= 0 && j >= 0 && len(before)-i <= 2*len(letters)+2; i-- {
		w := strings.Trim(before[i], ",;:\"“”")
		if w == "" {
			continue
		}
		first := unicode.ToLower([]rune(w)[0])
		switch {
		case first == letters[j]:
			j--
			start = i
		case smallWords[strings.ToLower(w)]:
		default:
			return ""
		}
	}
	if j >= 0 || start < 0 {
		return ""
	}
	return strings.Trim(strings.Join(before[start:], " "), ",;:\"“”")
}

var smallWords = map[string]bool{"of": true, "and": true, "for": true, "the": true, "in": true, "on": true, "to": true, "&": true, "a": true}

// top returns up to n acronyms, most frequent first.
func (a acronymCounter) top(n int) []app.Acronym {
	out := make([]app.Acronym, 0, len(a))
	for _, e := range a {
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Short < out[j].Short
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}
