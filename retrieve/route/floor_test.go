package route

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"archivist/app"
	"archivist/retrieve/fts"
	"archivist/retrieve/jev"
	"archivist/store"
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

// TestLocatorsAcrossDocumentsFollowTheWords: "slide 2" in a library is
// page 2 of most documents; which one the question means its other words
// tell. Page 2 of a document routing passed over opens the evidence when
// the FTS5 pass ranks it, right after the places in the documents routing
// chose, though the walk kept more passages than the evidence holds;
// page 2 of a document neither routing nor the pass points at does not.
func TestLocatorsAcrossDocumentsFollowTheWords(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "a", "Kiln manual", []tsec{{heading: "Kilns", paras: para("Kiln firing schedule", 14)}})
	makeDoc(t, db, "b", "Garden notes", []tsec{{heading: "Beds", paras: []string{"Raised beds.", "Compost turning."}}})
	makeDoc(t, db, "c", "Bird survey", []tsec{{heading: "Survey", paras: []string{"Survey method.", "Figure: heron nests counted at each lake."}}})
	f := &fake{noneW: 0.05,
		pick: func(o jev.Option) float64 {
			if strings.Contains(o.Description, "Bird survey") {
				return 0.001 // routing passes the survey over
			}
			return 1
		},
		use: func(ev string) float64 {
			if strings.Contains(ev, "Kiln") {
				return 3 // decisive passages agree: the walk stops, a dozen kept
			}
			return 0.2
		}}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "In the figure on slide 2, how many heron nests are counted?"})
	for _, r := range tr.Results {
		if r.DocumentID == "b" && r.PageStart == 2 {
			t.Errorf("results %+v: page 2 of the garden notes holds no word of the question", tr.Results)
		}
	}
	for _, v := range tr.Visits {
		if v.DocumentID == "c" {
			t.Fatalf("the walk reached the survey (%+v): the test needs it passed over", tr.Visits)
		}
	}
	r := tr.Results
	if len(r) < 2 || r[0].DocumentID != "a" || r[0].PageStart != 2 || r[1].DocumentID != "c" || r[1].PageStart != 2 || r[1].Kind != "located" {
		t.Fatalf("results %+v: page 2 of the survey, whose words the question has, does not open the evidence", tr.Results)
	}
}

// TestLibraryPassIsAsDeepAsTheDocumentsOwn: a document holding every
// passage the question's words match is ranked from as many FTS5 hits,
// in the same order, when the whole library is asked as when it is asked
// alone.
func TestLibraryPassIsAsDeepAsTheDocumentsOwn(t *testing.T) {
	db := testDB(t)
	var filters, notes []string
	for i := 0; i < 2*scopeHits; i++ {
		filters = append(filters, fmt.Sprintf("Filter cartridge note %d: replace the cartridge %s.", i, strings.Repeat("yearly ", 1+i%7)))
	}
	for i := 0; i < 4*scopeHits; i++ {
		notes = append(notes, fmt.Sprintf("Compost turning note %d.", i))
	}
	makeDoc(t, db, "a", "Manual", []tsec{{heading: "Care", paras: filters}})
	makeDoc(t, db, "b", "Garden notes", []tsec{{heading: "Beds", paras: notes}})
	pass := func(scope app.Scope) []store.Hit {
		t.Helper()
		ctx := context.Background()
		snap := snapshotOf(t, db)
		defer snap.Close()
		q := app.Question{Text: "filter cartridge", Scope: scope}
		docs, err := snap.ReadyDocuments(ctx, scope.DocumentIDs)
		if err != nil {
			t.Fatal(err)
		}
		w := &walk{r: NewRouter(&fake{}), lim: DefaultLimits, snap: snap, question: q,
			ev: &app.Evidence{Question: q, Terms: fts.Terms(q.Text), Blocks: map[string]app.Block{}, Sections: map[string]string{}},
			tr: &Trace{}, docs: map[string]*docState{}, pending: map[string]*candidate{}, scored: map[string]bool{}, rated: map[string]float64{}, reached: map[string]bool{}}
		if err := w.prepare(ctx, docs); err != nil {
			t.Fatal(err)
		}
		return w.hitsOf["a"]
	}
	own, library := pass(one("a")), pass(app.Scope{})
	if len(own) == 0 || len(library) != len(own) {
		t.Fatalf("the manual has %d hits asked alone and %d in the library", len(own), len(library))
	}
	for i := range own {
		if own[i].RowID != library[i].RowID {
			t.Fatalf("hit %d: passage %d alone, %d in the library", i+1, own[i].RowID, library[i].RowID)
		}
	}
}

// TestFloorPutsTheNamedDocumentFirst: the question names a company and a
// year; the kept passage of the document titled by both goes before a
// passage of a document titled by the year alone, though the judge rated
// that one higher. A file name's run-together name counts.
func TestFloorPutsTheNamedDocumentFirst(t *testing.T) {
	for _, title := range []string{"Acme Rockets annual report 2023", "ACMEROCKETS 2023 10K"} {
		t.Run(title, func(t *testing.T) {
			db := testDB(t)
			makeDoc(t, db, "a", "Quarterly report 2023", []tsec{{heading: "Outlook", paras: []string{"Production rate forecast for 2023: twelve a month."}}})
			makeDoc(t, db, "b", title, []tsec{{heading: "Outlook", paras: []string{"We forecast the production rate to rise in 2023."}}})
			f := &fake{noneW: 0.05, use: func(e string) float64 {
				if strings.Contains(e, "twelve") {
					return 2.6
				}
				return 2.0
			}}
			_, tr := gatherRouted(t, db, f, app.Question{Text: "What production rate is Acme Rockets forecasting for 2023?"})
			if len(tr.Results) < 2 || tr.Results[0].DocumentID != "b" {
				t.Fatalf("results %+v: want the passage of the document named by the question first", tr.Results)
			}
		})
	}
}

// TestFloorPutsTheNamedPeriodFirst: among one company's filings, the kept
// passage of the one whose name holds the period the question asks about
// goes first, though the judge rated another year's higher.
func TestFloorPutsTheNamedPeriodFirst(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "a", "Acme Rockets 10-K 2018", []tsec{{heading: "Dividends", paras: []string{"Acme Rockets paid dividends to common shareholders: twelve cents."}}})
	makeDoc(t, db, "b", "Acme Rockets 10-K 2022", []tsec{{heading: "Dividends", paras: []string{"Acme Rockets paid dividends to shareholders."}}})
	f := &fake{noneW: 0.05, use: func(e string) float64 {
		if strings.Contains(e, "twelve") {
			return 2.6
		}
		return 2.0
	}}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "Has Acme Rockets paid dividends to common shareholders in FY2022?"})
	if len(tr.Results) < 2 || tr.Results[0].DocumentID != "b" {
		t.Fatalf("results %+v: want the passage of the filing of the period asked about first", tr.Results)
	}
}

// TestFloorLeavesAWordOfANameAlone: a word of a name the question gives,
// without its period, is no reason to move a document: in a mixed library
// it is also a word of unrelated titles.
func TestFloorLeavesAWordOfANameAlone(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "a", "Space programme report", []tsec{{heading: "Satellites", paras: []string{"Indian remote sensing satellites are used for crop and water mapping."}}})
	makeDoc(t, db, "b", "French and Indian War, paragraph 3", []tsec{{heading: "War", paras: []string{"Indian allies used remote forts."}}})
	f := &fake{noneW: 0.05, use: func(e string) float64 {
		if strings.Contains(e, "mapping") {
			return 2.6
		}
		return 2.0
	}}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "What are the uses of Indian remote sensing satellites?"})
	if len(tr.Results) < 1 || tr.Results[0].DocumentID != "a" {
		t.Fatalf("results %+v: want the passage the judge rated highest first", tr.Results)
	}
}

// TestFloorLeavesADateAlone: "December 31, 2019" is a date, not a name;
// a filing titled "year ended December 31, 2019" is not named by it.
func TestFloorLeavesADateAlone(t *testing.T) {
	db := testDB(t)
	makeDoc(t, db, "a", "Financial report excerpt", []tsec{{heading: "Cash", paras: []string{"Cash amount at June 30 and December 31, 2019: 12 and 14."}}})
	makeDoc(t, db, "b", "Kiln Works 10-K (year ended December 31, 2019)", []tsec{{heading: "Cash", paras: []string{"Cash at December 31, 2019."}}})
	f := &fake{noneW: 0.05, use: func(e string) float64 {
		if strings.Contains(e, "June") {
			return 2.6
		}
		return 2.0
	}}
	_, tr := gatherRouted(t, db, f, app.Question{Text: "What are the respective cash amount at June 30 and December 31, 2019?"})
	if len(tr.Results) < 1 || tr.Results[0].DocumentID != "a" {
		t.Fatalf("results %+v: want the passage the judge rated highest first", tr.Results)
	}
}

// TestCoverFollowsTheEvidence: a question asking an issuer's particular
// gets its leading document's first page after the ranked evidence — a
// form's cover states the particular as an entry under a caption that
// shares no word with the question — and no ranked passage moves. A
// question asking no particular gets no cover.
func TestCoverFollowsTheEvidence(t *testing.T) {
	db := testDB(t)
	paras := append([]string{"100 Quay Road, Eastwick (Address of principal executive offices)"},
		para("Portmere headquarters staff and harbour operations", 30)...)
	makeDoc(t, db, "d", "Portmere annual report", []tsec{{heading: "Report", paras: paras}})
	f := &fake{noneW: 0.05, use: func(text string) float64 {
		if strings.Contains(text, "headquarters") {
			return 0.9
		}
		return 0.1
	}}
	ranked := func(tr *Trace) []TraceResult {
		var out []TraceResult
		for _, r := range tr.Results {
			if r.Kind != "cover" {
				out = append(out, r)
			}
		}
		return out
	}
	_, plain := gatherRouted(t, db, f, app.Question{Text: "What do Portmere harbour staff do?", Scope: one("d")})
	_, asked := gatherRouted(t, db, f, app.Question{Text: "Where is Portmere headquartered?", Scope: one("d")})
	for _, r := range plain.Results {
		if r.Kind == "cover" {
			t.Errorf("a question asking no particular got the cover: %+v", plain.Results)
		}
	}
	last := asked.Results[len(asked.Results)-1]
	if last.Kind != "cover" || last.PageStart != 1 {
		t.Fatalf("results %+v: the first page does not follow the evidence", asked.Results)
	}
	if n := len(ranked(asked)); n == 0 || n != len(asked.Results)-1 {
		t.Errorf("results %+v: the cover is not after every ranked passage", asked.Results)
	}
	for i, r := range ranked(asked) {
		if r.PageStart == 1 {
			t.Errorf("result %d %+v: the first page was ranked, the test needs it unranked", i, r)
		}
	}
}
