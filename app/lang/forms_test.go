package lang

import "testing"

func TestFamily(t *testing.T) {
	groups := [][]string{
		{"employ", "employs", "employed", "employing", "employee", "employees", "employment"},
		{"plan", "plans", "planned", "planning"},
		{"supersede", "supersedes", "superseded", "superseding"},
		{"elect", "elected", "election", "elections"},
		{"agree", "agreed", "agreement", "agreements"},
		// Irregular forms are read as their base form.
		{"begin", "began", "begun", "beginning", "begins"},
		{"write", "wrote", "written", "writes"},
		{"child", "children"},
		{"hold", "held", "holding"},
		// A verb's act named by a changed noun.
		{"sell", "sold", "sale", "sales", "selling"},
		{"lose", "lost", "loss", "losses"},
		{"earn", "earned", "earning", "earnings"},
		// Both spellings of a word are one.
		{"recognise", "recognize", "recognized", "recognised"},
		{"organisation", "organization", "organizations", "organised"},
		{"analyse", "analyze", "analyzed"},
		{"labour", "labor", "labors", "labored"},
		{"centre", "center", "centres", "centred", "centered"},
		{"defence", "defense"},
		{"revise", "revision"},
	}
	for _, g := range groups {
		for _, w := range g[1:] {
			if Family(w) != Family(g[0]) {
				t.Errorf("Family(%q) = %q, Family(%q) = %q: one family", w, Family(w), g[0], Family(g[0]))
			}
		}
	}
	// Words that only look derived stay apart.
	for _, pair := range [][2]string{{"number", "numb"}, {"million", "mill"}, {"member", "memb"}, {"customer", "custom"}, {"general", "generation"}, {"total", "tot"}, {"status", "stat"},
		// Forms that are also words of their own are not read as a verb's.
		{"found", "find"}, {"left", "leave"}, {"meant", "mean"}, {"born", "bear"},
		{"four", "for"}, {"hour", "hor"}, {"size", "sise"}} {
		if Family(pair[0]) == Family(pair[1]) {
			t.Errorf("Family joins %q and %q", pair[0], pair[1])
		}
	}
	if Family("2022") != "2022" || Family("fy2022") != "fy2022" {
		t.Error("numbers changed")
	}
}

func TestInflection(t *testing.T) {
	for in, want := range map[string]string{
		"refunds": "refund", "refunded": "refund", "refunding": "refund", "refund": "refund",
		"policies": "policy", "boxes": "box", "taxes": "tax", "models": "model", "fy2022s": "fy2022s",
		// A name keeps its derivation: "Technic" is no "technical".
		"technical": "technical", "employment": "employment",
	} {
		if got := Inflection(in); got != want {
			t.Errorf("Inflection(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDefinitions(t *testing.T) {
	text := `Ramon Laguarta, Chairman of the Board of Directors and Chief Executive Officer (“CEO”), signed it.
DOS implements these programmes through Physical Research Laboratory (PRL), National Atmospheric Research
Laboratory (NARL), North Eastern-Space Applications Centre (NE-SAC) and Semi-Conductor Laboratory (SCL).
Filed with the Securities and Exchange Commission (the "SEC") in 2023. Revenue rose (see Note 4) in the
year (FY). "AD" means an Airworthiness Directive issued under part 39.`
	got := map[string]string{}
	for _, a := range Definitions(text) {
		got[a.Short] = a.Long
	}
	want := map[string]string{
		"CEO": "Chief Executive Officer", "PRL": "Physical Research Laboratory",
		"NARL": "National Atmospheric Research Laboratory", "NE-SAC": "North Eastern-Space Applications Centre",
		"SCL": "Semi-Conductor Laboratory", "SEC": "Securities and Exchange Commission", "AD": "Airworthiness Directive",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if _, ok := got["FY"]; ok {
		t.Errorf("FY is not defined by \"the year (FY)\": %q", got["FY"])
	}
}

// TestDefinitionsAfterAMark: a short form after a word that is a mark
// alone is read without failing.
func TestDefinitionsAfterAMark(t *testing.T) {
	for _, text := range []string{"Why ? (W)", "Is it so ? (IS) and - (D)", "? (Q)"} {
		_ = Definitions(text) // must not panic
	}
}

func TestAbbreviates(t *testing.T) {
	for _, c := range []struct {
		short, name string
		want        bool
	}{
		{"EU", "European Union", true},
		{"EU", "The European Union", true},
		{"EU", "Warsaw", false},
		{"Leon", "Lisbon", false}, // a name, not a short form
		// Words that are marks — a question mark (it once stopped the
		// reading with a panic), a dash — spell nothing.
		{"WP", "What ? Pays", true},
		{"QA", "? Question Answering", true},
		{"RD", "Research – Development", true},
		{"RD", "Research - Development", true},
	} {
		if got := Abbreviates(c.short, c.name); got != c.want {
			t.Errorf("Abbreviates(%q, %q) = %v, want %v", c.short, c.name, got, c.want)
		}
	}
}

// TestDefinitionsByEveryVerb: each verb meansRE reads still defines, alone
// in a text and followed by any space, however the check that skips the
// expression reads it.
func TestDefinitionsByEveryVerb(t *testing.T) {
	for text, short := range map[string]string{
		`"AD" means an Airworthiness Directive.`:                  "AD",
		`PSU shall mean Performance Stock Unit.`:                  "PSU",
		`"SEC" refers to the Securities and Exchange Commission.`: "SEC",
		`AD stands for Airworthiness Directive.`:                  "AD",
		`EPS is short for Earnings Per Share.`:                    "EPS",
		"\"AD\" means\tan Airworthiness Directive.":               "AD",
		"PSU shall mean\nPerformance Stock Unit.":                 "PSU",
	} {
		if got := Definitions(text); len(got) != 1 || got[0].Short != short {
			t.Errorf("Definitions(%q) = %v, want %s defined", text, got, short)
		}
	}
}
