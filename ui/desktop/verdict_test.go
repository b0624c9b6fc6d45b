package desktop

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// askFor asks in a window whose research replies with ans.
func askFor(t *testing.T, ans *app.Answer) (*harness, *turn) {
	t.Helper()
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: ans})
	return h, h.ask(t, "What?")
}

func verdictTexts(tr *turn) []string {
	var out []string
	out = append(out, labelTexts(tr.verdictBox)...)
	for _, c := range findAll[*canvas.Text](tr.verdictBox) {
		out = append(out, c.Text)
	}
	return out
}

func TestAnsweredShowsNoVerdictLine(t *testing.T) {
	ans := twoCitationAnswer()
	ans.Verdict = app.VerdictAnswered
	_, tr := askFor(t, ans)
	if tr.verdictBox.Visible() || tr.textBar.Visible() {
		t.Errorf("a plain answer carries a verdict line %q", verdictTexts(tr))
	}
	if tr.text.String() != ans.Answer {
		t.Errorf("answer reads %q", tr.text.String())
	}
}

func TestComputedShowsBadgeAndArithmetic(t *testing.T) {
	ans := twoCitationAnswer()
	ans.Verdict = app.VerdictComputed
	ans.Answer = "Revenue grew by 20: 120 [1] − 100 [2] = 20."
	_, tr := askFor(t, ans)
	if !slices.Contains(verdictTexts(tr), verdictComputed) {
		t.Errorf("no Computed badge: %q", verdictTexts(tr))
	}
	if got := tr.text.String(); got != ans.Answer {
		t.Errorf("the arithmetic reads %q, want %q", got, ans.Answer)
	}
	if n := len(findAll[*pill](tr.text)); n != 2 {
		t.Errorf("%d pills, want one per operand", n)
	}
}

func TestClosestIsNotShownAsAnAnswer(t *testing.T) {
	ans := twoCitationAnswer()
	ans.Sufficient, ans.Verdict = false, app.VerdictClosest
	ans.Answer = app.InsufficientEvidence + "\n\n" + app.ClosestEvidence + "\n\n“" + ans.Citations[0].Quote + "” [1]"
	_, tr := askFor(t, ans)
	if got := verdictTexts(tr); !slices.Contains(got, verdictClosest) {
		t.Errorf("verdict line %q, want %q", got, verdictClosest)
	}
	if !tr.textBar.Visible() {
		t.Error("the closest passages are not set off from answers")
	}
	if s := tr.text.String(); strings.Contains(s, app.InsufficientEvidence) || !strings.HasPrefix(s, "“") {
		t.Errorf("passages read %q, want only the passages under the heading", s)
	}
	if n := len(findAll[*pill](tr.text)); n != 1 {
		t.Errorf("%d pills on the closest passages, want 1", n)
	}
	// Why the best passage is no answer is said under the heading.
	why := " The best passage does not meet the question: the passage denies what the question asks."
	ans.Answer = app.InsufficientEvidence + why + "\n\n" + app.ClosestEvidence + "\n\n“" + ans.Citations[0].Quote + "” [1]"
	_, tr = askFor(t, ans)
	if got := verdictTexts(tr); !slices.Contains(got, strings.TrimSpace(why)) {
		t.Errorf("verdict lines %q, want the reason %q", got, strings.TrimSpace(why))
	}
	if s := tr.text.String(); strings.Contains(s, "does not meet") {
		t.Errorf("the reason is repeated with the passages: %q", s)
	}
}

func TestNoneSaysNothingAnswers(t *testing.T) {
	ans := &app.Answer{Answer: app.InsufficientEvidence, Verdict: app.VerdictNone}
	_, tr := askFor(t, ans)
	if got := verdictTexts(tr); !slices.Contains(got, verdictNone) {
		t.Errorf("verdict line %q, want %q", got, verdictNone)
	}
	if tr.text.Visible() {
		t.Errorf("the refusal is repeated under the verdict: %q", tr.text.String())
	}
	// An old stored reply without a verdict reads the same.
	_, tr = askFor(t, &app.Answer{Answer: app.InsufficientEvidence})
	if got := verdictTexts(tr); !slices.Contains(got, verdictNone) {
		t.Errorf("a reply without a verdict: line %q, want %q", got, verdictNone)
	}
}

func TestUnsupportedClaimsAreMarked(t *testing.T) {
	ans := twoCitationAnswer()
	ans.Answer = "The archive opened in 1921 [1]. It was founded by the mayor. Its charter was amended twice [2]."
	ans.Unsupported = []string{"It was founded by the mayor."}
	_, tr := askFor(t, ans)
	if !strings.Contains(tr.text.String(), "It was founded by the mayor. (unsupported)") {
		t.Errorf("answer reads %q, the claim not marked", tr.text.String())
	}
	got := labelTexts(tr.unsupported)
	if !slices.Contains(got, unsupportedHead) || !slices.Contains(got, "“It was founded by the mayor.” — unsupported") {
		t.Errorf("unsupported list reads %q", got)
	}
}

// TestHelpAboutNamesTheVersion: Help → About shows app.VersionString.
func TestHelpAboutNamesTheVersion(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{})
	var about *fyne.MenuItem
	for _, m := range h.win.MainMenu().Items {
		if m.Label != "Help" {
			continue
		}
		for _, it := range m.Items {
			if it.Label == "About Archivist" {
				about = it
			}
		}
	}
	if about == nil {
		t.Fatal("no Help → About Archivist")
	}
	about.Action()
	top := h.win.Canvas().Overlays().Top()
	if top == nil || !slices.Contains(labelTexts(top), app.VersionString()) {
		t.Fatalf("About shows %q, want %q", labelTexts(top), app.VersionString())
	}
}

// answerLineOf returns t's visible answer line, nil when it has none.
func answerLineOf(tr *turn) *widget.Label {
	for _, l := range findAll[*widget.Label](tr.verdictBox) {
		if strings.HasPrefix(l.Text, answerLinePrefix) {
			return l
		}
	}
	return nil
}

// TestAnswerLeadsWithItsValue: a reply that claims an answer states its
// value on a line of its own, drawn above its quotes and their pills, for
// an answer and for a computed figure alike; the closest passages have no
// answer line, even when the reply carries a value.
func TestAnswerLeadsWithItsValue(t *testing.T) {
	for _, v := range []app.Verdict{app.VerdictAnswered, app.VerdictComputed} {
		t.Run(string(v), func(t *testing.T) {
			ans := twoCitationAnswer()
			ans.Verdict, ans.Value = v, "12.6  million"
			h, tr := askFor(t, ans)
			h.win.Resize(defaultWindowSize)
			line := answerLineOf(tr)
			if line == nil || !tr.verdictBox.Visible() {
				t.Fatalf("no answer line: the reply leads with %q", tr.text.String())
			}
			if line.Text != "Answer: 12.6 million" {
				t.Errorf("the answer line reads %q", line.Text)
			}
			d := h.ui.fapp.Driver()
			lineAt, textAt := d.AbsolutePositionForObject(line), d.AbsolutePositionForObject(tr.text)
			if line.Size().Height == 0 || lineAt.Y+line.Size().Height > textAt.Y {
				t.Errorf("the answer line (y %v, %v tall) is not above the quotes (y %v)", lineAt.Y, line.Size().Height, textAt.Y)
			}
			pills := findAll[*pill](tr.text)
			if len(pills) == 0 {
				t.Fatal("no pill under the answer")
			}
			if y := d.AbsolutePositionForObject(pills[0]).Y; y < lineAt.Y+line.Size().Height {
				t.Errorf("pill [1] at y %v comes before the answer line's end %v", y, lineAt.Y+line.Size().Height)
			}
			if got := answerText("What?", ans); !strings.HasPrefix(got, "Q: What?\n\nAnswer: 12.6 million\n") {
				t.Errorf("the copied answer reads %q", got)
			}
		})
	}
	t.Run("closest", func(t *testing.T) {
		ans := twoCitationAnswer()
		ans.Sufficient, ans.Verdict, ans.Value = false, app.VerdictClosest, "12.6 million"
		ans.Answer = app.InsufficientEvidence + "\n\n" + app.ClosestEvidence + "\n\n“" + ans.Citations[0].Quote + "” [1]"
		_, tr := askFor(t, ans)
		if line := answerLineOf(tr); line != nil {
			t.Errorf("the closest passages carry an answer line %q", line.Text)
		}
		if got := answerText("What?", ans); strings.Contains(got, answerLinePrefix) {
			t.Errorf("the copied closest passages state an answer: %q", got)
		}
	})
}
