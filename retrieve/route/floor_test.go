package route

import (
	"testing"

	"archivist/app"
)

// TestFloorRanksTheWordsOfAnAbsentPhrase: a quoted phrase found nowhere
// as written (here a word stands between its words, as a scan's line
// break or misread letter leaves it) drops out of the FTS5 pass with its
// words; when the walk keeps nothing, the floor still ranks the passages
// holding the question's words, so the evidence is not one passage long.
func TestFloorRanksTheWordsOfAnAbsentPhrase(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "d", "Talk", []tsec{{heading: "Slides", paras: []string{
		"Examples of slide layouts.",
		"Kiln firing schedule.",
		"Having lots of reports does not really make you data driven.",
		"Compost turning in spring.",
	}}})
	f := &fake{noneW: 0.01, use: func(string) float64 { return 0.2 }} // nothing is kept
	q := `Which examples show "what does not make you data-driven"?`
	_, tr := gatherRouted(t, db, f, app.Question{Text: q, Scope: one("d")})
	found := false
	for _, r := range tr.Results {
		if r.PageStart == 3 {
			found = true
		}
		if r.PageStart == 2 || r.PageStart == 4 {
			t.Errorf("results %+v: page %d holds no word of the question", tr.Results, r.PageStart)
		}
	}
	if !found {
		t.Fatalf("results %+v: the page holding the quotation's words (3) is not in the evidence", tr.Results)
	}
}
