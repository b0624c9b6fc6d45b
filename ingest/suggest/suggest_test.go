package suggest

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"archivist/app"
	"archivist/store"
)

func sample(id, title, text, typ, corr string, tags ...string) app.MetaSample {
	return app.MetaSample{DocumentID: id, Title: title, Text: text, Meta: app.DocumentMeta{Type: typ, Correspondent: corr, Tags: tags}}
}

func TestPropose(t *testing.T) {
	labelled := []app.MetaSample{
		sample("1", "Invoice 1041", "Northwind Power invoice for electricity supplied, amount due, payment terms 30 days", "Invoice", "Northwind Power", "bills"),
		sample("2", "Invoice 1077", "Northwind Power invoice for electricity supplied in March, amount due", "Invoice", "Northwind Power", "bills"),
		sample("3", "Dear Ms Hale", "Letter from the harbour board about the mooring fees and the winter closure", "Letter", "Harbour Board", "harbour"),
		sample("4", "Mooring notice", "The harbour board writes about the mooring fees for next season", "Letter", "Harbour Board", "harbour"),
	}
	t.Run("LikeTheseWere", func(t *testing.T) {
		got := Propose(sample("new", "Invoice 1102", "invoice for electricity supplied in April, amount due, payment terms", "", ""), labelled)
		if got.Type != "Invoice" || !slices.Equal(got.Tags, []string{"bills"}) || got.Confidence < 0.5 || len(got.Basis) == 0 {
			t.Fatalf("proposal = %+v", got)
		}
	})
	t.Run("NamedCorrespondentWins", func(t *testing.T) {
		got := Propose(sample("new", "Notice", "Harbour Board: the invoice for electricity supplied is due", "", ""), labelled)
		if got.Correspondent != "Harbour Board" {
			t.Fatalf("proposal = %+v", got)
		}
	})
	t.Run("NothingWithoutLabels", func(t *testing.T) {
		got := Propose(sample("new", "Invoice", "invoice", "", ""), []app.MetaSample{sample("x", "Invoice", "invoice", "", "")})
		if got.Type != "" || got.Correspondent != "" || len(got.Tags) != 0 {
			t.Fatalf("proposal from nothing = %+v", got)
		}
	})
	t.Run("UnlikeAnythingProposesNothing", func(t *testing.T) {
		got := Propose(sample("new", "Sourdough", "flour water salt starter fold the dough", "", ""), labelled)
		if got.Type != "" || len(got.Tags) != 0 {
			t.Fatalf("proposal = %+v", got)
		}
	})
	t.Run("KeepsWhatItHas", func(t *testing.T) {
		got := Propose(sample("new", "Invoice 1102", "Northwind Power invoice for electricity supplied", "Receipt", "", "bills"), labelled)
		if got.Type != "" || len(got.Tags) != 0 || got.Correspondent != "Northwind Power" {
			t.Fatalf("proposal = %+v", got)
		}
	})
}

// label is one hand-labelled document of testdata/metadata-labels.json.
type label struct {
	File          string   `json:"file"`
	Type          string   `json:"type"`
	Correspondent string   `json:"correspondent"`
	Tags          []string `json:"tags"`
}

// TestAgreementWithHandLabels measures, leave one out, how often the
// proposal for a hand-labelled document agrees with its label when every
// other labelled document carries its label: the person has filed all but
// this one. It needs a library holding the labelled documents
// (ARCHIVIST_SUGGEST_LIBRARY; see README: Metadata suggestions).
func TestAgreementWithHandLabels(t *testing.T) {
	lib := os.Getenv("ARCHIVIST_SUGGEST_LIBRARY")
	if lib == "" {
		t.Skip("set ARCHIVIST_SUGGEST_LIBRARY to a library holding the documents of testdata/metadata-labels.json")
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "metadata-labels.json"))
	if err != nil {
		t.Fatal(err)
	}
	var labels []label
	if err := json.Unmarshal(data, &labels); err != nil {
		t.Fatal(err)
	}
	byFile := map[string]label{}
	for _, l := range labels {
		byFile[l.File] = l
	}
	db, err := store.Open(context.Background(), lib)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	all, err := db.MetaSamples(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var samples []app.MetaSample
	for _, s := range all {
		if l, ok := byFile[s.Filename]; ok {
			s.Meta = app.DocumentMeta{Type: l.Type, Correspondent: l.Correspondent, Tags: l.Tags}
			samples = append(samples, s)
		}
	}
	if len(samples) < 40 {
		t.Fatalf("the library holds %d of the %d labelled documents", len(samples), len(labels))
	}
	var typeOK, typeMade, corrOK, corrMade, corrWanted, tagOK, tagMade, tagWanted, majority int
	counts := map[string]int{}
	for _, s := range samples {
		counts[s.Meta.Type]++
	}
	for i, s := range samples {
		target := s
		target.Meta = app.DocumentMeta{}
		got := Propose(target, samples)
		// The majority baseline: the type most of the others have.
		c := majorityType(counts, s.Meta.Type)
		if c == s.Meta.Type {
			majority++
		}
		if got.Type != "" {
			typeMade++
			if got.Type == s.Meta.Type {
				typeOK++
			}
		}
		if s.Meta.Correspondent != "" {
			corrWanted++
		}
		if got.Correspondent != "" {
			corrMade++
			if got.Correspondent == s.Meta.Correspondent {
				corrOK++
			}
		}
		tagWanted += len(s.Meta.Tags)
		tagMade += len(got.Tags)
		for _, tag := range got.Tags {
			if slices.Contains(s.Meta.Tags, tag) {
				tagOK++
			}
		}
		if testing.Verbose() && (got.Type != s.Meta.Type || got.Correspondent != s.Meta.Correspondent) {
			t.Logf("%d %s: proposed %q / %q / %s; labelled %q / %q / %s", i, s.Filename, got.Type, got.Correspondent,
				strings.Join(got.Tags, ","), s.Meta.Type, s.Meta.Correspondent, strings.Join(s.Meta.Tags, ","))
		}
	}
	n := len(samples)
	t.Logf("%d hand-labelled documents, leave one out:", n)
	t.Logf("type: %d proposed, %d agree (%.2f of all; majority-type baseline %.2f)", typeMade, typeOK, float64(typeOK)/float64(n), float64(majority)/float64(n))
	t.Logf("correspondent: %d proposed, %d agree, of %d labelled (%.2f)", corrMade, corrOK, corrWanted, float64(corrOK)/float64(corrWanted))
	t.Logf("tags: %d proposed, %d agree (precision %.2f), of %d labelled (recall %.2f)", tagMade, tagOK,
		float64(tagOK)/float64(max(tagMade, 1)), tagWanted, float64(tagOK)/float64(tagWanted))
	if typeOK*2 < n {
		t.Errorf("type agreement %d of %d: below half", typeOK, n)
	}
}

// majorityType returns the most common type among the others (leaving self out).
func majorityType(counts map[string]int, self string) string {
	best, n := "", -1
	for v, c := range counts {
		if v == self {
			c--
		}
		if c > n || (c == n && v < best) {
			best, n = v, c
		}
	}
	return best
}
