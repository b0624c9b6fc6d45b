package route

import (
	"fmt"
	"slices"
	"testing"

	"archivist/app"
	"archivist/retrieve/jev"
)

// The same documents imported again get other IDs, drawn at random, and
// may come in another order: the walk must not depend on either. The
// library level groups its documents into menus; grouped in ID order, a
// document's neighbours, and with them the route scores of its passages,
// changed from one import to the next.
func TestWalkIndependentOfDocumentIDs(t *testing.T) {
	const docs = 30
	forward, backward := make([]int, docs), make([]int, docs)
	for i := range forward {
		forward[i], backward[i] = i, docs-1-i
	}
	imports := []struct {
		order []int
		id    func(int) string
	}{
		{forward, func(i int) string { return fmt.Sprintf("a%02d", i) }},
		{backward, func(i int) string { return fmt.Sprintf("b%02d", i*13%docs) }}, // IDs in another order
	}
	for _, question := range []string{"What was the revenue of the lighthouse fleet in 2019?", "How many keepers does the fleet employ?"} {
		var got [2][]string
		for k, im := range imports {
			db := testDB(t)
			names := map[string]string{}
			for _, i := range im.order {
				secs := []tsec{
					{heading: "Results", paras: []string{fmt.Sprintf("Revenue of the lighthouse fleet was %d million in 2019, against %d million in 2018.", 100+i%4, 90+i%4)}},
					{heading: "People", paras: []string{fmt.Sprintf("The fleet employs %d keepers along the coast.", 40+i%3)}},
				}
				d := &app.Document{ID: im.id(i), Title: fmt.Sprintf("Annual report %d", i%7), // several share a title
					Filename: fmt.Sprintf("report-%d.pdf", i), Format: app.FormatPDF, SHA256: fmt.Sprintf("%064x", i*7919%1000)}
				importDoc(t, db, d, secs, nil)
				names[d.ID] = d.Filename
			}
			ev, tr := gatherRouted(t, db, jev.Local{}, app.Question{Text: question})
			for _, src := range ev.Sources {
				for _, w := range src.Windows {
					got[k] = append(got[k], fmt.Sprintf("%s p%d %q", names[src.DocumentID], w.PageStart, w.Text))
				}
			}
			for _, v := range tr.Visits {
				got[k] = append(got[k], fmt.Sprintf("visit %s p%d %.6f %.6f", names[v.DocumentID], v.PageStart, v.Usefulness, v.RouteScore))
			}
			got[k] = append(got[k], fmt.Sprintf("%d scored, stopped: %s", tr.Scores, tr.Stopped))
		}
		if len(got[0]) < 3 {
			t.Errorf("%q: too little evidence to compare: %v", question, got[0])
		}
		if !slices.Equal(got[0], got[1]) {
			t.Errorf("%q: the evidence depends on the documents' IDs or import order:\n%v\n%v", question, got[0], got[1])
		}
	}
}
