package answer

import (
	"testing"

	"archivist/retrieve/jev/lex"
)

// TestNameBesideTheAskedTitle: a who-question's answer is the name set
// beside the title it asks about; a name that follows the title without a
// comma may name a thing ("CEO Inclusion Council"), and one elsewhere in
// the sentence anyone's — they are names, not the holder of the title.
func TestNameBesideTheAskedTitle(t *testing.T) {
	asked := map[string]bool{"ceo": true, "3m": true, "chief": true, "execut": true, "offic": true}
	for _, f := range []string{"chief", "executive", "officer"} {
		asked[lex.Family(f)] = true
	}
	for _, c := range []struct {
		text         string
		beside, name bool
	}{
		{"Michael F. Roman 63 Chairman of the Board and Chief\nExecutive Officer", true, true},
		{"Michael F. Roman\nChief Executive Officer", true, true},
		{"Chief Executive Officer Ramon Laguarta spoke first.", false, true}, // as "CEO Inclusion Council" is written
		{"Our CEO, Tim Cook, said so.", true, true},
		{"Ramon L. Laguarta has served as PepsiCo’s Chief Executive Officer since 2018.", true, true},
		{"Ramon L. Laguarta thanked the Chief Executive Officer.", false, true},
		{"3M supports these values with an internal CEO\nInclusion Council, a forum led by senior management.", false, true},
		{"(31.1) Certification of the Chief Executive Officer pursuant to Section 302 of the Sarbanes-Oxley Act of 2002.", false, true},
		{"2019 Chief Executive Officer, 2018-2019\nChief Operating Officer and Executive Vice President, 2017-2018", false, true},
	} {
		if got := nameBesideAsked(c.text, asked); got != c.beside {
			t.Errorf("nameBesideAsked(%q) = %v, want %v", c.text, got, c.beside)
		}
		if got := hasNewName(c.text, asked); got != c.name {
			t.Errorf("hasNewName(%q) = %v, want %v", c.text, got, c.name)
		}
	}
}
