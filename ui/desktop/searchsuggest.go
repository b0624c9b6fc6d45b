package desktop

import (
	"context"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// suggest asks the suggester for a document's metadata and shows each
// proposal with a box to tick: only the ticked ones are applied, and only
// on Apply.
func (v *searchView) suggest(r app.SearchResult) {
	u := v.ui
	go func() {
		sug, err := v.suggester.SuggestMeta(u.ctx, r.DocumentID)
		u.do(func() {
			if err != nil {
				dialog.ShowError(err, u.win)
				return
			}
			v.showSuggestion(r, sug)
		})
	}()
}

// suggestionChoice is one proposal the person may accept.
type suggestionChoice struct {
	check *widget.Check
	apply func(ctx context.Context) error
}

func (v *searchView) showSuggestion(r app.SearchResult, sug *app.MetaSuggestion) {
	ids := []string{r.DocumentID}
	var choices []suggestionChoice
	add := func(label string, apply func(ctx context.Context) error) {
		c := widget.NewCheck(label, nil)
		c.SetChecked(true)
		choices = append(choices, suggestionChoice{c, apply})
	}
	if sug.Type != "" {
		add("Type: "+sug.Type, func(ctx context.Context) error { return v.archive.SetLabel(ctx, app.LabelType, ids, sug.Type) })
	}
	if sug.Correspondent != "" {
		add("Correspondent: "+sug.Correspondent, func(ctx context.Context) error {
			return v.archive.SetLabel(ctx, app.LabelCorrespondent, ids, sug.Correspondent)
		})
	}
	for _, tag := range sug.Tags {
		add("Tag: "+tag, func(ctx context.Context) error { return v.archive.AddTags(ctx, ids, tag) })
	}
	title := "Suggestions for " + nonEmpty(r.Title, "this document")
	if len(choices) == 0 {
		dialog.ShowInformation(title, "Nothing to suggest yet: suggestions learn from the documents you have given a type, correspondent or tags.", v.ui.win)
		return
	}
	box := container.NewVBox()
	for _, c := range choices {
		box.Add(c.check)
	}
	if len(sug.Basis) > 0 {
		why := widget.NewLabel("Like: " + strings.Join(sug.Basis[:min(3, len(sug.Basis))], "; ") +
			" (confidence " + strconv.Itoa(int(sug.Confidence*100+0.5)) + "%)")
		why.Wrapping = fyne.TextWrapWord
		box.Add(why)
	}
	d := dialog.NewCustomConfirm(title, "Apply", "Cancel", box, func(ok bool) {
		if !ok {
			return
		}
		var apply []func(ctx context.Context) error
		for _, c := range choices {
			if c.check.Checked {
				apply = append(apply, c.apply)
			}
		}
		v.changed(func(ctx context.Context) error {
			for _, f := range apply {
				if err := f(ctx); err != nil {
					return err
				}
			}
			return nil
		})
	}, v.ui.win)
	d.Resize(fyne.NewSize(480, d.MinSize().Height))
	d.Show()
}
