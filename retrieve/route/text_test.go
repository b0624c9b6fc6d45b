package route

import (
	"strings"
	"testing"
)

// TestMenuTextHelpers: oneLine and clipRunes write what the copies they
// replaced wrote (strings.Fields joined by spaces; a []rune slice), for
// every kind of space and for invalid bytes, which a copy writes as U+FFFD.
func TestMenuTextHelpers(t *testing.T) {
	texts := []string{
		"", " ", "plain words", "  lead and trail  ", "tab\tand\nlines\r\n",
		"no-break\u00a0space and\u0085next line", "ideographic\u3000space",
		"bad \xff byte", "\xffstart", "replacement \ufffd char", "Kurzwörter für Übersicht — ½ 30%",
	}
	for _, s := range texts {
		if got, want := oneLine(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("oneLine(%q) = %q, want %q", s, got, want)
		}
		for n := 0; n <= len([]rune(s))+1; n++ {
			want := s
			if r := []rune(s); len(r) > n {
				want = string(r[:max(0, n-1)]) + "…"
			}
			if got := clipRunes(s, n); got != want {
				t.Errorf("clipRunes(%q, %d) = %q, want %q", s, n, got, want)
			}
		}
	}
}
