package desktop

import (
	"fmt"

	"fyne.io/fyne/v2/widget"
)

// newModelPicker is the menu beside a provider's model field that offers
// the models its endpoint listed when the connection was tested; picking
// one types it into the field, which stays free text. It is hidden until
// an endpoint lists a model.
func newModelPicker(model *widget.Entry) *widget.Select {
	s := widget.NewSelect(nil, func(name string) {
		if name != "" {
			model.SetText(name)
		}
	})
	s.Hide()
	return s
}

// showModels offers names beside the model field, or hides the menu when
// the endpoint listed none.
func (f *providerForm) showModels(names []string) {
	if len(names) == 0 {
		f.models.Hide()
		return
	}
	f.models.Options = names
	f.models.PlaceHolder = fmt.Sprintf("%d listed", len(names))
	f.models.ClearSelected()
	for _, n := range names {
		if n == f.model.Text {
			f.models.SetSelected(n)
		}
	}
	f.models.Refresh()
	f.models.Show()
}
