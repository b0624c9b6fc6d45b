package fts

import "testing"

// A window grows to whole sentences: back to where its sentence starts,
// not to the last period, which may close an initial or an abbreviation.
// A window that started at "Taiclet," lost the name its quote was asked
// for ("Who is the CEO?").
func TestGrowToSentences(t *testing.T) {
	cases := []struct {
		text, hit, want string
	}{
		{
			text: "Filed with the U.S. Securities and Exchange Commission on the date hereof, I, James D. Taiclet, Chief Executive Officer, certify that.",
			hit:  "Chief Executive",
			want: "Filed with the U.S. Securities and Exchange Commission on the date hereof, I, James D. Taiclet, Chief Executive Officer, certify that.",
		},
		{
			text: "Revenue rose. Dr. Smith, e.g. the chair, signed it on behalf of Acme Inc. in 2021.",
			hit:  "signed",
			want: "Dr. Smith, e.g. the chair, signed it on behalf of Acme Inc. in 2021.",
		},
		{
			text: "The fleet grew. It employs 40 keepers.",
			hit:  "employs",
			want: "It employs 40 keepers.",
		},
	}
	for _, c := range cases {
		at := indexOf(t, c.text, c.hit)
		s, e := growToSentences(c.text, at, at+len(c.hit))
		if got := c.text[s:e]; got != c.want {
			t.Errorf("window around %q:\n got %q\nwant %q", c.hit, got, c.want)
		}
	}
}

func indexOf(t *testing.T, text, sub string) int {
	t.Helper()
	for i := 0; i+len(sub) <= len(text); i++ {
		if text[i:i+len(sub)] == sub {
			return i
		}
	}
	t.Fatalf("%q not in %q", sub, text)
	return -1
}
