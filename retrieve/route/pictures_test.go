package route

import (
	"testing"

	"archivist/app"
	"archivist/store"
)

// TestScoreRequestPictures: a passage with more pictures than one scoring
// question may carry is asked in subsets of at most four, each with its
// text; a passage without pictures is asked once, as before.
func TestScoreRequestPictures(t *testing.T) {
	ds := &docState{doc: app.Document{ID: "d", Title: "Report"}, docStructure: &docStructure{}}
	pics := make([]app.Picture, 6)
	for i := range pics {
		pics[i] = app.Picture{Label: string(rune('a' + i)), PNG: []byte{byte(i)}}
	}
	text := &candidate{kind: "passage", doc: ds, ref: store.PassageRef{ID: "p1"}, passage: &app.Passage{Text: "plain"}}
	figs := &candidate{kind: "passage", doc: ds, ref: store.PassageRef{ID: "p2"}, passage: &app.Passage{Text: "chart"}, pictures: pics}
	w := &walk{question: app.Question{Text: "What does the chart show?"}}
	req, ids := w.scoreRequest([]*candidate{text, figs})
	if len(req.Questions) != 3 || len(ids[0]) != 1 || len(ids[1]) != 2 {
		t.Fatalf("questions %d, ids %v", len(req.Questions), ids)
	}
	if n := len(req.Questions[0].Pictures); n != 0 {
		t.Errorf("the text passage carries %d pictures", n)
	}
	if a, b := len(req.Questions[1].Pictures), len(req.Questions[2].Pictures); a != 4 || b != 2 {
		t.Errorf("subsets of %d and %d pictures, want 4 and 2", a, b)
	}
	if req.Questions[1].Evidence != req.Questions[2].Evidence || req.Questions[2].ID == req.Questions[1].ID {
		t.Errorf("subsets: %q/%q", req.Questions[1].ID, req.Questions[2].ID)
	}
}
