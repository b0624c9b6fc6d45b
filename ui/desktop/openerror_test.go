package desktop

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func TestOpenErrorShowsTheMessage(t *testing.T) {
	a := test.NewApp()
	defer a.Quit()
	w := a.NewWindow("Archivist")
	const msg = "The library /data/lib is already open in another Archivist (process 42)."
	OpenError(a, w, msg)
	var found, quit bool
	for _, o := range test.LaidOutObjects(w.Content()) {
		switch o := o.(type) {
		case *widget.Label:
			found = found || o.Text == msg
		case *widget.Button:
			quit = quit || o.Text == "Quit"
		}
	}
	if !found || !quit {
		t.Errorf("message shown %v, Quit button %v", found, quit)
	}
}
