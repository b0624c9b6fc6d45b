package desktop

import (
	"context"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// SuggestAuto reads and keeps the "apply suggestions automatically"
// setting of the library.
type SuggestAuto interface {
	AutoApplySuggestions(ctx context.Context) (bool, error)
	SetAutoApplySuggestions(ctx context.Context, on bool) error
}

// setSuggestAuto connects the setting; call it after setSearch. Without it
// proposals for new documents always wait for a click.
func (u *UI) setSuggestAuto(s SuggestAuto) {
	if u.search != nil {
		u.search.auto = s
	}
}

// suggestNew asks the suggester for metadata of a newly imported document.
// What it proposes is listed in the import queue's section of the
// notifications with a Review button that opens the suggestion dialog;
// only with "apply suggestions automatically" on is it applied at once
// (and the line says what was set). Proposals are made one at a time: each
// reads the library's labelled documents.
func (u *UI) suggestNew(r app.ImportResult) {
	u.SuggestMetadata(r)
}

// SuggestMetadata proposes metadata for a document imported outside the
// window's own import queue (a watched folder's file), as suggestNew does
// for the queue's. It may be called from any goroutine.
func (u *UI) SuggestMetadata(r app.ImportResult) {
	v := u.search
	if r.Outcome != app.OutcomeImported || r.DocumentID == "" || v == nil || v.suggester == nil {
		return
	}
	go func() {
		v.suggestMu.Lock()
		defer v.suggestMu.Unlock()
		sug, err := v.suggester.SuggestMeta(u.ctx, r.DocumentID)
		if err != nil || sug.Count() == 0 || u.ctx.Err() != nil {
			return // a convenience: no proposal leaves the document as it is
		}
		auto := false
		if v.auto != nil {
			auto, _ = v.auto.AutoApplySuggestions(u.ctx)
		}
		if auto {
			err = app.ApplySuggestion(u.ctx, v.archive, sug)
		}
		u.do(func() {
			if auto && err == nil {
				v.run(v.query, v.offset)
				u.library.reload()
			}
			u.imports.suggested(r, sug, auto, err)
		})
	}()
}

// suggested lists the proposal for a new document until dismissed.
func (p *importPanel) suggested(r app.ImportResult, sug *app.MetaSuggestion, applied bool, err error) {
	var what []string
	if sug.Type != "" {
		what = append(what, sug.Type)
	}
	if sug.Correspondent != "" {
		what = append(what, sug.Correspondent)
	}
	what = append(what, sug.Tags...)
	n := plural(sug.Count(), "suggestion", "suggestions")
	l := &importLine{name: nonEmpty(r.Title, filepath.Base(r.Path))}
	switch {
	case err != nil:
		l.message, l.failed = "Suggestions not applied: "+app.ErrorMessage(err), true
	case applied:
		l.message = "Applied " + n + ": " + strings.Join(what, " · ")
	default:
		l.message = n + ": " + strings.Join(what, " · ")
	}
	if !applied || err != nil {
		res := app.SearchResult{DocumentID: r.DocumentID, Title: r.Title}
		l.action = p.ui.noticeAction("Review…", theme.DocumentCreateIcon(), func() { p.ui.search.showSuggestion(res, sug) })
	}
	p.addLine(l)
	if !p.running {
		p.progress.Hide()
		p.current.Hide()
		status := p.summary()
		if p.imported+p.duplicates+p.failed+p.cancelled == 0 {
			status = "Suggestions for new documents" // the import's summary was dismissed with the queue
		}
		p.status.SetText(status)
		p.dismiss.Show()
	}
	p.show()
}

// autoSuggestCheck is the settings window's "apply suggestions
// automatically" box; it keeps its state in the library at once. Nil when
// the setting is not connected.
func autoSuggestCheck(u *UI) fyne.CanvasObject {
	if u.search == nil || u.search.auto == nil {
		return nil
	}
	a := u.search.auto
	c := widget.NewCheck("Apply suggestions automatically to new documents", nil)
	ctx := u.ctx
	on, err := a.AutoApplySuggestions(ctx)
	c.SetChecked(on)
	note := widget.NewLabel("Off: the type, correspondent and tags proposed for a new document wait in the notifications for a click. Kept in this library as soon as ticked.")
	if err != nil {
		note.SetText(app.ErrorMessage(err))
	}
	note.Wrapping = fyne.TextWrapWord
	note.SizeName = theme.SizeNameCaptionText
	c.OnChanged = func(on bool) {
		if err := a.SetAutoApplySuggestions(ctx, on); err != nil {
			note.SetText(app.ErrorMessage(err))
		}
	}
	return container.NewVBox(c, note)
}
