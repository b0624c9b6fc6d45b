package desktop

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// pillAtEveryPlace is an answer per position of pill [1] on the first line:
// one of them ends the pill within a character of the right edge, where
// the text after it used to be drawn one character per line.
func pillAtEveryPlace() []*app.Answer {
	var out []*app.Answer
	for k := 0; k < 120; k++ {
		text := strings.Repeat("a", k%9) + strings.Repeat(" word", k/2) + " [1] and the rest of the sentence that follows the pill."
		a := twoCitationAnswer()
		a.Answer = text
		out = append(out, a)
	}
	return out
}

// TestAnswerAfterPillWrapsAsWords lays answers out at a drawer's width and
// checks that none takes more lines than its words need.
func TestAnswerAfterPillWrapsAsWords(t *testing.T) {
	test.NewTempApp(t)
	line := fyne.MeasureText("M", 14, fyne.TextStyle{}).Height
	for _, width := range []float32{300, 420, 577} {
		for _, a := range pillAtEveryPlace() {
			f := newFlowText(answerSegments(a, nil, func(int) {})...)
			f.Resize(fyne.NewSize(width, 10))
			lines := f.MinSize().Height / line
			words := fyne.MeasureText(a.Answer, 14, fyne.TextStyle{}).Width/width + 2
			if lines > words*1.5+1 {
				t.Fatalf("at width %v %q takes %.0f lines, want about %.0f", width, a.Answer, lines, words)
			}
		}
	}
}

// TestAnswerInWindowIsNotOneCharacterWide asks in the window at its default
// size and checks the answer's text is laid out in lines of words.
func TestAnswerInWindowIsNotOneCharacterWide(t *testing.T) {
	for _, a := range pillAtEveryPlace()[:40] {
		h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: a})
		h.win.Resize(defaultWindowSize)
		tr := h.ask(t, "What happened?")
		w := tr.text.Size().Width
		if w < 100 {
			t.Fatalf("the answer is %v wide", w)
		}
		lines := tr.text.MinSize().Height / fyne.MeasureText("M", 14, fyne.TextStyle{}).Height
		if lines > 6 {
			t.Fatalf("%q is %.0f lines tall at width %v", a.Answer, lines, w)
		}
	}
}

// TestFlowTextKeepsParagraphsAndBreaksLongWords: a paragraph end starts a
// new line, and a word wider than the line is cut rather than overflowing.
func TestFlowTextKeepsParagraphsAndBreaksLongWords(t *testing.T) {
	test.NewTempApp(t)
	f := newFlowText(lineSegments("one\ntwo", widget.RichTextStyleInline)...)
	f.Resize(fyne.NewSize(400, 10))
	pieces, _ := f.flow(400)
	if len(pieces) != 2 || pieces[1].line != 1 {
		t.Fatalf("pieces: %+v", pieces)
	}
	long := newFlowText(&widget.TextSegment{Text: strings.Repeat("x", 200), Style: widget.RichTextStyleInline})
	pieces, _ = long.flow(100)
	for _, p := range pieces {
		if p.size.Width > 100 {
			t.Fatalf("a piece %v wide in a line of 100", p.size.Width)
		}
	}
	if len(pieces) < 2 {
		t.Fatalf("a 200-character word in 100 px is %d pieces", len(pieces))
	}
	if got := f.String(); got != "onetwo" {
		t.Errorf("String = %q", got)
	}
}

// TestNarrowDrawerKeepsAnswersInside: in a 1024 px window the drawer is
// narrower than its row of answer actions; the actions wrap, so nothing in
// the transcript is laid out wider than the drawer.
func TestNarrowDrawerKeepsAnswersInside(t *testing.T) {
	h, _ := searchHarness(t, 3) // Save sources as view…
	h.ui.exportEvidence = func(context.Context, *app.Answer, string, string) error { return nil }
	h.win.Resize(fyne.NewSize(1024, 768))
	h.ui.split.Offset = 0.6
	h.ui.split.Refresh()
	tr := h.ask(t, "When did the archive open, and who amended the charter later on?")
	h.win.Resize(fyne.NewSize(1024, 768))
	view := h.ui.drawer.scroll.Size().Width
	if w := tr.box.Size().Width; w > view+1 {
		t.Errorf("the answer is laid out %v wide in a drawer %v wide", w, view)
	}
	if w := tr.actions.MinSize().Width; w > view {
		t.Errorf("the actions need %v px in a drawer %v wide", w, view)
	}
}
