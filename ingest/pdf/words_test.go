package pdf

import (
	"context"
	"testing"
)

// pword is a word Parse's engine found, for tests: page 1-based, box in
// display points.
type pword struct {
	text string
	page int
	box
	size float64
	bold bool
}

// testWords returns every word of data with its box, as the parser sees
// them before layout.
func testWords(t testing.TB, data []byte) []pword {
	t.Helper()
	var out []pword
	err := testEngine(t).withDocument(context.Background(), data, "", func(s *session) error {
		n, err := s.pageCount()
		if err != nil {
			return err
		}
		for i := range n {
			pg, _ := s.readPage(i)
			for _, w := range pg.words {
				out = append(out, pword{w.text, i + 1, pg.g.fromText(w.box), w.size, w.bold})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFastPathMatchesPublicAPI: the reflective fast path is active on the
// pinned go-pdfium and gives the same words, boxes, sizes and weights as
// go-pdfium's public calls.
func TestFastPathMatchesPublicAPI(t *testing.T) {
	_, data := mixedDoc(t)
	e := testEngine(t)
	read := func(fast bool) []word {
		var out []word
		err := e.withDocument(context.Background(), data, "", func(s *session) error {
			if fast && s.fast == nil {
				t.Fatal("fast path unavailable: go-pdfium's internals changed")
			}
			if !fast {
				s.fast = nil
			}
			for i := range 2 {
				pg, _ := s.readPage(i)
				out = append(out, pg.words...)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	fast, slow := read(true), read(false)
	if len(fast) != len(slow) || len(fast) == 0 {
		t.Fatalf("%d words fast, %d slow", len(fast), len(slow))
	}
	for i := range fast {
		if fast[i] != slow[i] {
			t.Errorf("word %d: fast %+v, slow %+v", i, fast[i], slow[i])
		}
	}
}
