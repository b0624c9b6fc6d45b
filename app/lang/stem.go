package lang

// Stem returns the Porter stem of a lower-case ASCII word: the original
// 1980 algorithm, the one SQLite's FTS5 "porter" tokenizer applies, so a
// stem computed here names the same index term FTS5 stores. Words with
// digits or non-ASCII letters, and words of one or two letters, are
// returned unchanged.
func Stem(w string) string {
	if len(w) <= 2 {
		return w
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return w
		}
	}
	b := []byte(w)
	b = step1a(b)
	b = step1b(b)
	b = step1c(b)
	b = step2(b)
	b = step3(b)
	b = step4(b)
	b = step5(b)
	return string(b)
}

// cons reports whether b[i] is a consonant in Porter's sense: not a vowel,
// and a 'y' after a consonant is a vowel.
func cons(b []byte, i int) bool {
	switch b[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		if i == 0 {
			return true
		}
		return !cons(b, i-1)
	}
	return true
}

// measure is m in [C](VC)^m[V] for b[:n].
func measure(b []byte, n int) int {
	m, i := 0, 0
	for i < n && cons(b, i) {
		i++
	}
	for i < n {
		for i < n && !cons(b, i) {
			i++
		}
		if i >= n {
			break
		}
		for i < n && cons(b, i) {
			i++
		}
		m++
	}
	return m
}

func hasVowel(b []byte, n int) bool {
	for i := 0; i < n; i++ {
		if !cons(b, i) {
			return true
		}
	}
	return false
}

// doubleCons reports whether b[:n] ends with a double consonant.
func doubleCons(b []byte, n int) bool {
	return n >= 2 && b[n-1] == b[n-2] && cons(b, n-1)
}

// cvc reports whether b[:n] ends consonant-vowel-consonant, the last not
// w, x or y.
func cvc(b []byte, n int) bool {
	if n < 3 || !cons(b, n-1) || cons(b, n-2) || !cons(b, n-3) {
		return false
	}
	c := b[n-1]
	return c != 'w' && c != 'x' && c != 'y'
}

func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// replace swaps suffix s for r when the stem before s has measure > m.
func replace(b []byte, s, r string, m int) ([]byte, bool) {
	if !hasSuffix(b, s) {
		return b, false
	}
	n := len(b) - len(s)
	if measure(b, n) > m {
		return append(b[:n], r...), true
	}
	return b, true
}

func step1a(b []byte) []byte {
	switch {
	case hasSuffix(b, "sses"):
		return b[:len(b)-2]
	case hasSuffix(b, "ies"):
		return b[:len(b)-2]
	case hasSuffix(b, "ss"):
		return b
	case hasSuffix(b, "s"):
		return b[:len(b)-1]
	}
	return b
}

func step1b(b []byte) []byte {
	if hasSuffix(b, "eed") {
		if measure(b, len(b)-3) > 0 {
			return b[:len(b)-1]
		}
		return b
	}
	var n int
	switch {
	case hasSuffix(b, "ed") && hasVowel(b, len(b)-2):
		n = len(b) - 2
	case hasSuffix(b, "ing") && hasVowel(b, len(b)-3):
		n = len(b) - 3
	default:
		return b
	}
	b = b[:n]
	switch {
	case hasSuffix(b, "at"), hasSuffix(b, "bl"), hasSuffix(b, "iz"):
		return append(b, 'e')
	case doubleCons(b, len(b)):
		if c := b[len(b)-1]; c != 'l' && c != 's' && c != 'z' {
			return b[:len(b)-1]
		}
	case measure(b, len(b)) == 1 && cvc(b, len(b)):
		return append(b, 'e')
	}
	return b
}

func step1c(b []byte) []byte {
	if hasSuffix(b, "y") && hasVowel(b, len(b)-1) {
		b[len(b)-1] = 'i'
	}
	return b
}

var step2Rules = [][2]string{
	{"ational", "ate"}, {"tional", "tion"}, {"enci", "ence"}, {"anci", "ance"}, {"izer", "ize"},
	{"bli", "ble"}, {"alli", "al"}, {"entli", "ent"}, {"eli", "e"}, {"ousli", "ous"},
	{"ization", "ize"}, {"ation", "ate"}, {"ator", "ate"}, {"alism", "al"}, {"iveness", "ive"},
	{"fulness", "ful"}, {"ousness", "ous"}, {"aliti", "al"}, {"iviti", "ive"}, {"biliti", "ble"},
	{"logi", "log"},
}

func step2(b []byte) []byte {
	for _, r := range step2Rules {
		if out, ok := replace(b, r[0], r[1], 0); ok {
			return out
		}
	}
	return b
}

var step3Rules = [][2]string{
	{"icate", "ic"}, {"ative", ""}, {"alize", "al"}, {"iciti", "ic"}, {"ical", "ic"}, {"ful", ""}, {"ness", ""},
}

func step3(b []byte) []byte {
	for _, r := range step3Rules {
		if out, ok := replace(b, r[0], r[1], 0); ok {
			return out
		}
	}
	return b
}

var step4Suffixes = []string{
	"al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
	"ion", "ou", "ism", "ate", "iti", "ous", "ive", "ize",
}

func step4(b []byte) []byte {
	for _, s := range step4Suffixes {
		if !hasSuffix(b, s) {
			continue
		}
		n := len(b) - len(s)
		if s == "ion" && (n == 0 || (b[n-1] != 's' && b[n-1] != 't')) {
			// "ion" only after s or t; the longest match decides, so stop.
			return b
		}
		if measure(b, n) > 1 {
			return b[:n]
		}
		return b
	}
	return b
}

func step5(b []byte) []byte {
	if hasSuffix(b, "e") {
		n := len(b) - 1
		m := measure(b, n)
		if m > 1 || (m == 1 && !cvc(b, n)) {
			b = b[:n]
		}
	}
	if measure(b, len(b)) > 1 && doubleCons(b, len(b)) && b[len(b)-1] == 'l' {
		b = b[:len(b)-1]
	}
	return b
}
