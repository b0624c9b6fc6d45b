package tabletext

import "testing"

func TestJoin(t *testing.T) {
	got := Join([][]string{
		{"a", "b", "c"},
		{"", "y", "", ""}, // trailing empties go, the leading one stays
		{"", ""},          // an empty row goes
		{"x"},
	})
	if want := "a | b | c\n | y\nx"; got != want {
		t.Errorf("Join = %q, want %q", got, want)
	}
	if Join(nil) != "" {
		t.Error("Join(nil) is not empty")
	}
}
