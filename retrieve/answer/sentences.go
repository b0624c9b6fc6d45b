package answer

import "strings"

// Sentences splits text into sentences and returns their byte ranges. A
// sentence ends after '.', '?' or '!' followed by whitespace, and at every
// blank line (which is how blocks are joined), so no sentence spans two
// blocks. Single line breaks inside a block do not end a sentence.
func Sentences(text string) [][2]int {
	var out [][2]int
	start := 0
	emit := func(end int) {
		if end > start {
			out = append(out, [2]int{start, end})
		}
	}
	for i := 0; i < len(text); i++ {
		switch {
		case text[i] == '\n' && i+1 < len(text) && text[i+1] == '\n':
			emit(i)
			for i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			start = i + 1
		case (text[i] == '.' || text[i] == '?' || text[i] == '!') && i+1 < len(text) &&
			(text[i+1] == ' ' || text[i+1] == '\n') && !abbreviation(text, i):
			emit(i + 1)
			start = i + 1
		}
	}
	emit(len(text))
	return out
}

// abbreviation reports whether the period at text[i] most likely ends an
// abbreviation or an initial ("e.g.", "Dr.", "J.") rather than a sentence.
func abbreviation(text string, i int) bool {
	if text[i] != '.' {
		return false
	}
	j := i
	for j > 0 && text[j-1] != ' ' && text[j-1] != '\n' {
		j--
	}
	word := text[j:i]
	if len(word) == 1 && word[0] >= 'A' && word[0] <= 'Z' {
		return true
	}
	if dotted(word) {
		return true // "a.m", "e.g", "U.S"
	}
	switch word {
	case "e.g", "i.e", "etc", "Mr", "Mrs", "Ms", "Dr", "Prof", "St", "vs", "No", "Fig", "cf", "al", "Inc", "Co", "Ltd", "Jr", "Sr":
		return true
	}
	return false
}

// dotted reports whether word is letters of at most two characters
// separated by periods, like "a.m" or "U.S".
func dotted(word string) bool {
	if !strings.Contains(word, ".") {
		return false
	}
	for _, part := range strings.Split(word, ".") {
		if len(part) == 0 || len(part) > 2 {
			return false
		}
	}
	return true
}
