package desktop

import (
	"net/url"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// helpMenu is the window's Help menu: About.
func (u *UI) helpMenu() *fyne.Menu {
	return fyne.NewMenu("Help", fyne.NewMenuItem("About Archivist", u.showAbout))
}

// showAbout names the build (app.VersionString) and links to the
// documentation.
func (u *UI) showAbout() {
	version := widget.NewLabelWithStyle(app.VersionString(), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	what := widget.NewLabel("Ask your documents, get cited answers. Offline unless you connect a model.")
	what.Wrapping = fyne.TextWrapWord
	box := container.NewVBox(version, what)
	if doc := docsURL(); doc != nil {
		box.Add(widget.NewHyperlink("Documentation (README)", doc))
	} else {
		box.Add(widget.NewLabel("The documentation is README.md and docs/ in Archivist's source."))
	}
	d := dialog.NewCustom("About Archivist", "Close", box, u.win)
	d.Resize(fyne.NewSize(460, 0))
	d.Show()
}

// docsURL is the README that ships beside the program (or above it, in a
// source checkout), as a file URL; nil when there is none.
func docsURL() *url.URL {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	dir := filepath.Dir(exe)
	for range 3 {
		p := filepath.Join(dir, "README.md")
		if _, err := os.Stat(p); err == nil {
			return &url.URL{Scheme: "file", Path: p}
		}
		dir = filepath.Dir(dir)
	}
	return nil
}
