package pdf

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"archivist/app"
)

// TestWordCountsAgreeWithPoppler counts the words of the third-party test
// PDFs of ../shared/fixtures as Archivist stores them (app.BlockWords, per
// page) and as `pdftotext FILE - | wc -w` does, over the documents both
// read with at least 50 words. Table cells' separators are not words: with
// them counted, documents with tables read long.
func TestWordCountsAgreeWithPoppler(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("needs pdftotext (Debian poppler-utils)")
	}
	files := fixturePDFPaths(t, 2<<20)
	if len(files) == 0 {
		t.Skip("needs ../shared/fixtures beside the checkout")
	}
	e := testEngine(t)
	var ours, theirs, withSeps, docs, close int
	for _, path := range files {
		out, err := exec.Command("pdftotext", "-q", path, "-").Output()
		if err != nil {
			continue
		}
		want := len(strings.Fields(string(out)))
		data := sharedFileAt(t, path)
		p, err := e.Parse(context.Background(), data, "")
		if err != nil || want < 50 {
			continue
		}
		got, seps := 0, 0
		for _, b := range p.Blocks {
			got += app.BlockWords(b)
			seps += app.CountWords(b.Text)
		}
		docs++
		ours += got
		theirs += want
		withSeps += seps
		if r := float64(got) / float64(want); r >= 0.9 && r <= 1.1 {
			close++
		}
	}
	if docs == 0 {
		t.Skip("no fixture PDF with text")
	}
	t.Logf("%d documents: %d words (%d counting cell separators), pdftotext %d; %d within 10%%",
		docs, ours, withSeps, theirs, close)
	if r := float64(ours) / float64(theirs); r < 0.95 || r > 1.05 {
		t.Errorf("words %d against pdftotext's %d (ratio %.3f)", ours, theirs, r)
	}
	if close*10 < docs*8 {
		t.Errorf("only %d of %d documents within 10%% of pdftotext's count", close, docs)
	}
}
