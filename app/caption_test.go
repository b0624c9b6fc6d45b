package app

import "testing"

func TestNumberedCaption(t *testing.T) {
	for in, want := range map[string][2]string{
		"Figure 2.1 Revenue by segment": {"figure", "2.1"},
		"Figure 2.2: Costs":             {"figure", "2.2"},
		"Fig. 4 The delta":              {"figure", "4"},
		"TABLE 3A Holdings":             {"table", "3a"},
		"Exhibit 10.1":                  {"exhibit", "10.1"},
		"  Map 3 Streets":               {"map", "3"},
		"Note 7 — Leases":               {"note", "7"},
	} {
		kind, num, ok := NumberedCaption(in)
		if !ok || kind != want[0] || num != want[1] {
			t.Errorf("NumberedCaption(%q) = %q %q %v, want %q %q", in, kind, num, ok, want[0], want[1])
		}
	}
	for _, in := range []string{"Figures show growth", "table 3 in lower case is prose", "Tables 3 and 4", "Figure shows", "Table"} {
		if _, _, ok := NumberedCaption(in); ok {
			t.Errorf("NumberedCaption(%q) read a caption", in)
		}
	}
}
