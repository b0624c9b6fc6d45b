package desktop

import (
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// omniboxPlaceholder names the shortcut so people find it.
const omniboxPlaceholder = "Ask about your documents… (Ctrl+K)"

// Live lookup: how many matches show, and how long typing must pause
// before the library is searched.
const (
	lookupLimit = 8
	lookupPause = 150 * time.Millisecond
)

// omnibox is the question entry in the top bar and its Ask button. Enter
// asks. As one types, documents whose title or headings match are listed
// under it (when the library can look them up); a tap on one scopes the
// drawer to that document.
type omnibox struct {
	ui        *UI
	entry     *omniEntry
	askButton *widget.Button
	results   *fyne.Container // the live matches, hidden when there are none
	follow    *fyne.Container // "Following up on …" while the next question is a follow-up
	followOn  *widget.Label

	seq   int         // the newest lookup; older answers are dropped
	timer *time.Timer // the pending lookup
	hits  []app.LookupHit
	pick  int // the match ↓ / ↑ picked, -1 for none: Enter then asks
}

func newOmnibox(u *UI) *omnibox {
	o := &omnibox{ui: u, pick: -1}
	o.entry = &omniEntry{onEscape: o.escape, onArrow: o.move}
	o.entry.ExtendBaseWidget(o.entry)
	o.entry.SetPlaceHolder(omniboxPlaceholder)
	o.entry.OnSubmitted = func(text string) {
		if o.pick >= 0 && o.pick < len(o.hits) {
			o.choose(o.hits[o.pick]) // Enter on a match picked with ↓
			return
		}
		o.clearResults()
		u.ask(text)
	}
	o.entry.OnChanged = o.changed
	o.askButton = widget.NewButtonWithIcon("Ask", theme.SearchIcon(), func() { o.clearResults(); u.ask(o.entry.Text) })
	o.askButton.Importance = widget.HighImportance
	o.results = container.NewVBox()
	o.results.Hide()
	o.followOn = widget.NewLabel("")
	o.followOn.Wrapping = fyne.TextWrapWord
	newQuestion := widget.NewButtonWithIcon("New question instead", theme.CancelIcon(), func() { u.setFollowUp(nil) })
	newQuestion.Importance = widget.LowImportance
	o.follow = container.NewBorder(nil, nil, widget.NewIcon(theme.MailReplyIcon()), newQuestion, o.followOn)
	o.follow.Hide()
	return o
}

// showFollowUp says, under the entry, which question the next one follows
// up; nil hides it.
func (o *omnibox) showFollowUp(t *turn) {
	if t == nil {
		o.follow.Hide()
		return
	}
	o.followOn.SetText("Following up on “" + t.question.Text + "” — its sources are carried into the next question")
	o.follow.Show()
}

// omniEntry is the omnibox's text field: Esc, which a plain entry keeps to
// itself, clears the lookup results and then closes the viewer and the
// drawer, as it does when no field has the keyboard.
type omniEntry struct {
	widget.Entry
	onEscape func()
	onArrow  func(step int) bool // ↓ / ↑ over the matches; false when there are none
}

// TypedKey implements fyne.Focusable.
func (e *omniEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && e.onEscape != nil {
		e.onEscape()
		return
	}
	if e.onArrow != nil && (ev.Name == fyne.KeyDown || ev.Name == fyne.KeyUp) {
		step := 1
		if ev.Name == fyne.KeyUp {
			step = -1
		}
		if e.onArrow(step) {
			return
		}
	}
	e.Entry.TypedKey(ev)
}

// escape is Esc in the omnibox: the first clears the lookup results, the
// next acts as Esc does in the window.
func (o *omnibox) escape() {
	if o.results.Visible() {
		o.clearResults()
		return
	}
	o.ui.escape()
}

// focus moves keyboard focus to the entry (Ctrl+K, "Ask selection").
func (o *omnibox) focus() {
	if c := o.ui.win.Canvas(); c != nil {
		c.Focus(o.entry)
	}
}

// setBusy disables Ask while a question is in flight (the drawer shows the
// activity). The entry stays editable so the next question can be typed.
func (o *omnibox) setBusy(busy bool) {
	if busy {
		o.askButton.Disable()
	} else {
		o.askButton.Enable()
	}
}

// changed schedules a lookup of the text once typing pauses.
func (o *omnibox) changed(text string) {
	if o.ui.folders == nil {
		return
	}
	o.seq++
	seq := o.seq
	if o.timer != nil {
		o.timer.Stop()
	}
	if strings.TrimSpace(text) == "" {
		o.clearResults()
		return
	}
	o.timer = time.AfterFunc(lookupPause, func() {
		hits, err := o.ui.folders.Lookup(o.ui.ctx, text, lookupLimit)
		o.ui.do(func() {
			if seq != o.seq {
				return // typing went on
			}
			if err != nil {
				hits = nil
			}
			o.showResults(hits)
		})
	})
}

// showResults lists the matches under the entry.
func (o *omnibox) showResults(hits []app.LookupHit) {
	o.hits = hits
	o.pick = -1
	o.results.RemoveAll()
	if len(hits) == 0 {
		o.results.Hide()
		o.results.Refresh()
		return
	}
	for _, h := range hits {
		b := widget.NewButtonWithIcon(lookupText(h), theme.DocumentIcon(), func() { o.choose(h) })
		b.Alignment = widget.ButtonAlignLeading
		b.Importance = widget.LowImportance
		o.results.Add(b)
	}
	o.results.Show()
	o.results.Refresh()
}

// lookupText is how a match reads: "Title — Heading (p. 12)".
func lookupText(h app.LookupHit) string {
	s := h.Title
	if h.Heading != "" {
		s += " — " + h.Heading
		if h.Page > 0 {
			s += " (p. " + strconv.Itoa(h.Page) + ")"
		}
	}
	return s
}

// choose scopes the drawer to the matched document and keeps the typed
// text, so Enter asks about it.
func (o *omnibox) choose(h app.LookupHit) {
	o.clearResults()
	o.ui.drawer.setScope(app.Scope{DocumentIDs: []string{h.DocumentID}, Label: h.Title})
	o.focus()
}

// move picks the next (step 1) or previous match; false when none are
// listed, and ↑ from the first returns to the typed question.
func (o *omnibox) move(step int) bool {
	if !o.results.Visible() || len(o.hits) == 0 {
		return false
	}
	o.pick = max(-1, min(len(o.hits)-1, o.pick+step))
	for i, b := range o.results.Objects {
		if btn, ok := b.(*widget.Button); ok {
			btn.Importance = widget.LowImportance
			if i == o.pick {
				btn.Importance = widget.HighImportance
			}
			btn.Refresh()
		}
	}
	return true
}

func (o *omnibox) clearResults() {
	o.pick = -1
	o.seq++
	if o.timer != nil {
		o.timer.Stop()
	}
	o.hits = nil
	o.results.RemoveAll()
	o.results.Hide()
	o.results.Refresh()
}
