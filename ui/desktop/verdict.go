package desktop

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// The verdict lines the drawer shows above a reply that is not a plain
// answer: a reader sees at a glance whether the documents answered.
const (
	verdictComputed = "Computed"
	verdictClosest  = "Not found as asked — the closest passages:"
	verdictNone     = "Nothing in scope answers this."
	unsupportedHead = "Not supported by the quoted passages:"
)

// answerLinePrefix opens the line that states an answer's value.
const answerLinePrefix = "Answer: "

// showVerdict fills t's verdict line, answer text and unsupported claims
// for ans. A reply that claims an answer leads with the value it states
// (answerLine), then its quotes and pills: an answer as it is, a computed
// one under a "Computed" badge with its arithmetic. The closest passages
// come under their own heading, set off by a bar, with no answer line:
// they are places to look, not an answer. A reply with nothing in scope
// says so in one line.
func (d *drawer) showVerdict(t *turn, ans *app.Answer) {
	v := app.VerdictOf(ans)
	t.verdict = v
	t.verdictBox.RemoveAll()
	t.textBar.Hide()
	shown := *ans
	switch v {
	case app.VerdictAnswered:
		if l := answerLine(ans.Value); l != nil {
			t.verdictBox.Add(l)
		}
	case app.VerdictComputed:
		t.verdictBox.Add(container.NewHBox(badge(verdictComputed, theme.ColorNamePrimary)))
		if l := answerLine(ans.Value); l != nil {
			t.verdictBox.Add(l)
		}
	case app.VerdictClosest:
		t.verdictBox.Add(verdictHeading(verdictClosest))
		if why := closestWhy(ans.Answer); why != "" {
			t.verdictBox.Add(whyLine(why))
		}
		if i := strings.Index(ans.Answer, app.ClosestEvidence); i >= 0 {
			// The heading says what the answerer's two lines said.
			shown.Answer = strings.TrimLeft(ans.Answer[i+len(app.ClosestEvidence):], "\n ")
			shown.Sufficient = true // the passages' pills open as citations do
		}
		t.textBar.Show()
	case app.VerdictNone:
		t.verdictBox.Add(verdictHeading(verdictNone))
		if strings.TrimSpace(ans.Answer) == app.InsufficientEvidence {
			shown.Answer = ""
		}
	}
	if len(t.verdictBox.Objects) > 0 {
		t.verdictBox.Show()
	} else {
		t.verdictBox.Hide()
	}
	t.text.Segments = markUnsupported(answerSegments(&shown, d.ui.tips, func(i int) { d.openCitation(t, i) }), ans.Unsupported)
	t.text.Refresh()
	if shown.Answer == "" {
		t.text.Hide()
	} else {
		t.text.Show()
	}
	t.unsupported.RemoveAll()
	if len(ans.Unsupported) > 0 {
		head := widget.NewLabelWithStyle(unsupportedHead, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		head.Importance = widget.WarningImportance
		t.unsupported.Add(container.NewBorder(nil, nil, widget.NewIcon(theme.WarningIcon()), nil, head))
		for _, c := range ans.Unsupported {
			l := widget.NewLabel("“" + strings.TrimSpace(c) + "” — unsupported")
			l.Wrapping = fyne.TextWrapWord
			l.Importance = widget.WarningImportance
			t.unsupported.Add(l)
		}
		t.unsupported.Show()
	} else {
		t.unsupported.Hide()
	}
}

// answerLine states the value an answer gives, larger and bold, so the
// answer is read before the quotes that hold it; nil when the reply
// singles out no value (a quoted sentence is then the answer itself).
func answerLine(value string) fyne.CanvasObject {
	value = strings.Join(strings.Fields(value), " ")
	if value == "" {
		return nil
	}
	l := widget.NewLabelWithStyle(answerLinePrefix+value, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameSubHeadingText
	l.Wrapping = fyne.TextWrapWord
	return l
}

// verdictHeading is a verdict line: italic, in the warning colour, so it
// does not read as an answer.
// closestWhy returns what the answerer said of why the best passage does
// not meet the question ("The best passage does not meet the question:
// the passage denies what the question asks."), or "": the sentences
// between the refusal and the closest passages' heading.
func closestWhy(answer string) string {
	rest, ok := strings.CutPrefix(answer, app.InsufficientEvidence)
	if !ok {
		return ""
	}
	if i := strings.Index(rest, app.ClosestEvidence); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSpace(rest)
}

// whyLine shows why the passages below are not an answer, in italics
// (the muted colour of a note reads too faintly on the dark theme).
func whyLine(text string) fyne.CanvasObject {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
	l.Wrapping = fyne.TextWrapWord
	return l
}

func verdictHeading(text string) fyne.CanvasObject {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true, Italic: true})
	l.Wrapping = fyne.TextWrapWord
	l.Importance = widget.WarningImportance
	return l
}

// badge is a small filled label.
func badge(text string, bg fyne.ThemeColorName) fyne.CanvasObject {
	rect := canvas.NewRectangle(theme.Color(bg))
	rect.CornerRadius = theme.InputRadiusSize()
	l := canvas.NewText(text, theme.Color(theme.ColorNameForegroundOnPrimary))
	l.TextStyle.Bold = true
	l.TextSize = theme.CaptionTextSize()
	return container.NewStack(rect, container.New(layout.NewCustomPaddedLayout(2, 2, 8, 8), l))
}

// markUnsupported draws the words of each unsupported claim found in the
// answer's text in the warning colour, italic, with "(unsupported)" after.
func markUnsupported(segs []widget.RichTextSegment, claims []string) []widget.RichTextSegment {
	for _, claim := range claims {
		claim = strings.TrimSpace(claim)
		if claim == "" {
			continue
		}
		var out []widget.RichTextSegment
		for _, s := range segs {
			ts, ok := s.(*widget.TextSegment)
			i := -1
			if ok {
				i = strings.Index(ts.Text, claim)
			}
			if i < 0 {
				out = append(out, s)
				continue
			}
			warn := ts.Style
			warn.ColorName = theme.ColorNameWarning
			warn.TextStyle.Italic = true
			before, after := ts.Style, ts.Style
			before.Inline = true
			out = append(out,
				&widget.TextSegment{Text: ts.Text[:i], Style: before},
				&widget.TextSegment{Text: claim + " (unsupported)", Style: inlineOf(warn)},
				&widget.TextSegment{Text: ts.Text[i+len(claim):], Style: after})
		}
		segs = out
	}
	return segs
}

func inlineOf(s widget.RichTextStyle) widget.RichTextStyle {
	s.Inline = true
	return s
}

// barColor is the bar beside the closest passages.
func barColor() color.Color { return theme.Color(theme.ColorNameWarning) }
