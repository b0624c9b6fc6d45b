package desktop

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// LocalAPI runs the local HTTP API (`archivist serve`) beside the window,
// on the window's own library and research engine, so its questions share
// the window's limits and providers.
type LocalAPI struct {
	// Start starts serving and returns the address served on.
	Start func() (addr string, err error)
	// Stop stops serving; requests running finish first.
	Stop func()
	// Token returns the API's bearer token.
	Token func() (string, error)
}

// localAPI is the switch's state.
type localAPI struct {
	LocalAPI
	addr string // "" while stopped
}

// prefLocalAPI remembers the switch, so the API starts with the window.
const prefLocalAPI = "localapi.enabled"

// setLocalAPI offers the "Local API" switch in settings and, when it was
// left on, starts the API now. A failure to start is shown in settings.
func (u *UI) setLocalAPI(l LocalAPI) {
	u.localAPI = &localAPI{LocalAPI: l}
	if u.fapp.Preferences().Bool(prefLocalAPI) {
		u.localAPI.start()
	}
}

// StopLocalAPI stops the API if it runs; the switch keeps its setting.
func (u *UI) StopLocalAPI() {
	if u.localAPI != nil && u.localAPI.addr != "" {
		u.localAPI.Stop()
		u.localAPI.addr = ""
	}
}

func (l *localAPI) start() error {
	if l.addr != "" {
		return nil
	}
	addr, err := l.Start()
	if err != nil {
		return err
	}
	l.addr = addr
	return nil
}

// localAPIBox is the settings section of the switch: it acts at once,
// without Save, since it changes nothing about answers.
func (v *settingsView) localAPIBox() fyne.CanvasObject {
	l := v.ui.localAPI
	if l == nil {
		return container.NewVBox()
	}
	status := widget.NewLabel("")
	status.Wrapping = fyne.TextWrapWord
	status.SizeName = theme.SizeNameCaptionText
	show := func(err error) {
		switch {
		case err != nil:
			status.Importance = widget.DangerImportance
			status.SetText("Not serving: " + app.ErrorMessage(err))
		case l.addr != "":
			status.Importance = widget.SuccessImportance
			status.SetText("Serving on http://" + l.addr + "/v1/ — scripts need the bearer token (Copy token, or `archivist api-token`).")
		default:
			status.Importance = widget.MediumImportance
			status.SetText("Off. When on, scripts and AI assistants on this computer can search and ask the library with the bearer token; nothing is reachable from other computers.")
		}
	}
	check := widget.NewCheck("Serve the local API on this computer", nil)
	check.SetChecked(l.addr != "")
	check.OnChanged = func(on bool) {
		prefs := v.ui.fapp.Preferences()
		if !on {
			v.ui.StopLocalAPI()
			prefs.SetBool(prefLocalAPI, false)
			show(nil)
			return
		}
		if err := l.start(); err != nil {
			show(err)
			check.SetChecked(false)
			status.Importance = widget.DangerImportance // SetChecked(false) re-showed "Off"
			status.SetText("Not serving: " + app.ErrorMessage(err))
			return
		}
		prefs.SetBool(prefLocalAPI, true)
		show(nil)
	}
	copyToken := widget.NewButtonWithIcon("Copy token", theme.ContentCopyIcon(), func() {
		tok, err := l.Token()
		if err != nil {
			show(err)
			return
		}
		v.ui.fapp.Clipboard().SetContent(tok)
		status.SetText("The token is on the clipboard.")
	})
	show(nil)
	return container.NewVBox(container.NewBorder(nil, nil, nil, copyToken, check), status)
}
