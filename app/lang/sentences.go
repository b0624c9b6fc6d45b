package lang

import "strings"

// ClosesAbbreviation reports whether the period at text[i] most likely
// ends an abbreviation or an initial ("e.g.", "Dr.", "J." of "James D.
// Taiclet") rather than a sentence. Every reader of sentences asks it, so
// an evidence window and the answer's quote start where the same sentence
// does.
func ClosesAbbreviation(text string, i int) bool {
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
