package filing

import "testing"

// A proposed folder name is a whole phrase with its brackets closed: a name
// cut mid-phrase or with a bracket left open reads as a mistake.
func TestNamesAreWholePhrases(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Form 8-K for Pepsico", "Form 8-K"},
		{"Lighthouse keeping", "Lighthouse keeping"},
		{"Johnson & Johnson Annual Report", ""}, // five words: cut mid-phrase
		{"Acme (Europe", ""},
		{"Acme (Europe) Ltd", "Acme (Europe) Ltd"},
		{"Notes [draft", ""},
		{"The “Blue” book", "The “Blue” book"},
		{`A "quoted name`, ""},
		{"ANNUAL REPORT", "Annual Report"},
	} {
		if got := firstWords(c.in, NameWords); got != c.want {
			t.Errorf("firstWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
