package desktop

import (
	"context"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// turn is one question in the transcript and, once it arrives, its answer.
type turn struct {
	question app.Question
	answer   *app.Answer
	err      error
	done     bool
	cancel   context.CancelFunc // stops the question while it runs

	box         *fyne.Container
	progress    *widget.ProgressBarInfinite
	stage       *widget.Label  // what the running question is doing
	stop        *widget.Button // cancels the running question
	running     *fyne.Container
	text        *flowText // the answer; citation pills are pillSegments
	verdict     app.Verdict
	verdictBox  *fyne.Container   // the answer line with its value, the Computed badge, or the verdict heading
	textBar     *canvas.Rectangle // sets the closest passages off from answers
	unsupported *fyne.Container   // the claims the quotes do not hold
	crop        *fyne.Container   // the open PDF citation's highlighted region, under the answer
	errLabel    *widget.Label
	actions     *fyne.Container // Copy, Export evidence
	note        *widget.Label   // what an action did
	follows     *widget.Label   // "Follow-up of the question above", when it is one
	followUp    *widget.Button  // "Follow up": the next question carries this answer's sources
}

// markFollowUp says under the question whether it carried the previous
// answer's sources.
func (t *turn) markFollowUp(on bool) {
	if on {
		t.follows.Show()
	} else {
		t.follows.Hide()
	}
}

// startTurn adds q to the transcript with its progress under it; cancel
// stops the question.
func (d *drawer) startTurn(q app.Question, cancel context.CancelFunc) *turn {
	t := &turn{question: q, cancel: cancel}
	question := widget.NewLabelWithStyle(q.Text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	question.Wrapping = fyne.TextWrapWord
	t.progress = widget.NewProgressBarInfinite()
	t.stage = widget.NewLabel(app.StageRetrieving.Label(false) + "…")
	t.stage.SizeName = theme.SizeNameCaptionText
	t.stop = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { d.cancelTurn(t) })
	t.stop.Importance = widget.LowImportance
	t.running = container.NewVBox(t.progress, container.NewBorder(nil, nil, nil, t.stop, t.stage))
	t.text = newFlowText()
	t.verdictBox = container.NewVBox()
	t.verdictBox.Hide()
	t.textBar = canvas.NewRectangle(barColor())
	t.textBar.SetMinSize(fyne.NewSize(3, 0))
	t.textBar.Hide()
	t.unsupported = container.NewVBox()
	t.unsupported.Hide()
	t.text.Hide()
	t.crop = container.NewVBox()
	t.crop.Hide()
	t.errLabel = widget.NewLabel("")
	t.errLabel.Wrapping = fyne.TextWrapWord
	t.errLabel.Importance = widget.DangerImportance
	t.errLabel.Hide()
	t.note = widget.NewLabel("")
	t.note.SizeName = theme.SizeNameCaptionText
	t.note.Hide()
	// The actions wrap onto a second row rather than widen the drawer:
	// a drawer narrower than its row of buttons cut every answer off.
	t.actions = newWrapRow()
	t.actions.Hide()
	t.follows = widget.NewLabel("Follow-up: uses the sources of the answer above")
	t.follows.SizeName = theme.SizeNameCaptionText
	t.follows.Hide()
	icon := widget.NewIcon(theme.QuestionIcon())
	t.box = container.NewVBox(
		container.NewBorder(nil, nil, container.NewVBox(icon), nil, container.New(noGapVBox(), question, t.follows)),
		t.running, t.verdictBox, container.NewBorder(nil, nil, t.textBar, nil, t.text), t.unsupported, t.crop, t.errLabel, container.NewVBox(t.actions, t.note), widget.NewSeparator())

	if len(d.turns) == maxTurns {
		d.transcript.Remove(d.turns[0].box)
		d.turns = d.turns[1:]
	}
	d.turns = append(d.turns, t)
	d.transcript.Add(t.box)
	d.placeholder.Hide()
	d.clearTranscript.Enable()
	d.scroll.Refresh()
	d.scroll.ScrollToBottom()
	return t
}

// showProgress updates t's progress line.
func (d *drawer) showProgress(t *turn, p app.AskProgress) {
	if t.done || !d.holds(t) {
		return
	}
	text := p.Stage.Label(p.Explored > 0)
	if p.Explored > 0 {
		text += " · " + plural(p.Explored, "document explored", "documents explored")
		if p.InScope > 0 {
			text += " of " + strconv.Itoa(p.InScope)
		}
	}
	t.stage.SetText(text + "…")
}

// cancelTurn stops t's question; its turn then says it was cancelled.
func (d *drawer) cancelTurn(t *turn) {
	if t.done || t.cancel == nil {
		return
	}
	t.stop.Disable()
	t.stage.SetText("Cancelling…")
	t.cancel()
}

// finishTurn shows the answer (or error) for t, unless the transcript was
// reset meanwhile.
func (d *drawer) finishTurn(t *turn, ans *app.Answer, err error) {
	if !d.holds(t) {
		return
	}
	t.done, t.answer, t.err = true, ans, err
	t.progress.Stop()
	t.progress.Hide()
	t.running.Hide()
	switch {
	case err != nil:
		t.errLabel.Importance = widget.DangerImportance
		if app.ErrorCode(err) == app.ECancelled {
			t.errLabel.Importance = widget.LowImportance // asked for, not a failure
		}
		t.errLabel.SetText(app.ErrorMessage(err))
		t.errLabel.Show()
	case ans == nil:
		t.errLabel.SetText("No answer came back.")
		t.errLabel.Show()
	default:
		d.showVerdict(t, ans)
		d.showSources(ans.Sources, ans.Citations)
		d.ui.offerDates(ans)
		d.showWhy(ans.Why)
		d.showActions(t)
		if len(ans.Notes) > 0 {
			// What the person should know of how the reply was made:
			// pictures a model was not shown, and why.
			t.setNote(strings.Join(ans.Notes, " "))
		}
	}
	t.box.Refresh()
	d.scroll.Refresh()
}

// showActions offers Copy and, when the app can export, Export evidence.
func (d *drawer) showActions(t *turn) {
	copyButton := widget.NewButtonWithIcon("Copy", theme.ContentCopyIcon(), func() {
		d.ui.fapp.Clipboard().SetContent(answerText(t.question.Text, t.answer))
		t.setNote("Copied the answer with its citations.")
	})
	copyButton.Importance = widget.LowImportance
	t.followUp = widget.NewButtonWithIcon("Follow up", theme.MailReplyIcon(), func() {
		d.ui.setFollowUp(t)
		d.ui.omni.focus()
	})
	t.followUp.Importance = widget.LowImportance
	// Only the newest answer can be followed up: a conversation carries
	// the sources of its last answer.
	for _, o := range d.turns {
		if o != t && o.followUp != nil {
			o.followUp.Hide()
		}
	}
	t.actions.Objects = []fyne.CanvasObject{copyButton}
	if _, ok := d.ui.research.(app.Conversations); ok {
		t.actions.Objects = []fyne.CanvasObject{t.followUp, copyButton}
	}
	if d.ui.exportEvidence != nil && len(t.answer.Citations) > 0 {
		export := widget.NewButtonWithIcon("Export evidence…", theme.DocumentSaveIcon(), func() { d.exportEvidence(t) })
		export.Importance = widget.LowImportance
		t.actions.Add(export)
	}
	if b := d.ui.saveSourcesButton(t.answer); b != nil {
		t.actions.Add(b)
	}
	t.actions.Show()
}

func (t *turn) setNote(s string) {
	t.note.SetText(s)
	t.note.Show()
}

// exportEvidence asks where to save and writes the evidence PDF there.
func (d *drawer) exportEvidence(t *turn) {
	save := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		out := w.URI().Path()
		w.Close() // the exporter writes the file itself
		d.runExport(t, out)
	}, d.ui.win)
	save.SetFileName("evidence.pdf")
	save.Show()
}

// runExport writes t's evidence to out off the UI goroutine.
func (d *drawer) runExport(t *turn, out string) {
	export, ans, question := d.ui.exportEvidence, t.answer, t.question.Text
	t.setNote("Exporting the evidence…")
	go func() {
		err := export(d.ui.ctx, ans, question, out)
		d.ui.do(func() {
			if err != nil {
				t.setNote("Export failed: " + app.ErrorMessage(err))
				return
			}
			t.setNote("Evidence saved to " + out)
		})
	}()
}

// answerText is an answer as the clipboard gets it: the question, the
// value a claimed answer states, the answer with its [n] markers, and each citation with where it points and
// its verbatim quote.
func answerText(question string, ans *app.Answer) string {
	var b strings.Builder
	b.WriteString("Q: " + question + "\n\n")
	if v := app.VerdictOf(ans); (v == app.VerdictAnswered || v == app.VerdictComputed) && strings.TrimSpace(ans.Value) != "" {
		b.WriteString(answerLinePrefix + strings.Join(strings.Fields(ans.Value), " ") + "\n\n")
	}
	b.WriteString(strings.TrimSpace(ans.Answer) + "\n")
	if len(ans.Citations) > 0 {
		b.WriteString("\nCitations\n")
	}
	for _, c := range ans.Citations {
		b.WriteString("[" + strconv.Itoa(c.N) + "] " + nonEmpty(c.Title, "Untitled document"))
		if w := citationWhere(c.Section, c.LineStart, c.LineEnd, c.PageStart, c.PageEnd); w != "" {
			b.WriteString(", " + w)
		}
		if p := precisionWords[strings.TrimSpace(c.Precision)]; p != "" {
			b.WriteString(" (" + p + ")")
		}
		b.WriteString("\n")
		if q := strings.Join(strings.Fields(c.Quote), " "); q != "" {
			b.WriteString("    “" + q + "”\n")
		}
	}
	if ans.TraceToken != "" {
		b.WriteString("\nTrace: " + ans.TraceToken + "\n")
	}
	return b.String()
}
