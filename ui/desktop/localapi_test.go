package desktop

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"archivist/app"
)

// fakeServer records what the switch asks of the local API.
type fakeServer struct {
	starts, stops int
	err           error
}

func (f *fakeServer) api() LocalAPI {
	return LocalAPI{
		Start: func() (string, error) {
			if f.err != nil {
				return "", f.err
			}
			f.starts++
			return "127.0.0.1:8765", nil
		},
		Stop:  func() { f.stops++ },
		Token: func() (string, error) { return "tok-123", nil },
	}
}

func localAPICheck(t *testing.T, v *settingsView) *widget.Check {
	t.Helper()
	for _, c := range findAll[*widget.Check](v.content) {
		if strings.Contains(c.Text, "local API") {
			return c
		}
	}
	t.Fatal("no local API switch in settings")
	return nil
}

func labelsContain(v *settingsView, s string) bool {
	for _, l := range findAll[*widget.Label](v.content) {
		if strings.Contains(l.Text, s) {
			return true
		}
	}
	return false
}

func TestLocalAPISwitch(t *testing.T) {
	h := newHarness(t, &fakeLibrary{}, &fakeResearch{answer: twoCitationAnswer()})
	srv := &fakeServer{}
	h.ui.setLocalAPI(srv.api())
	if srv.starts != 0 {
		t.Fatal("started before it was switched on")
	}
	v := openSettings(t, h)
	check := localAPICheck(t, v)
	test.Tap(check)
	if srv.starts != 1 || !check.Checked || !labelsContain(v, "http://127.0.0.1:8765/v1/") {
		t.Fatalf("after switching on: starts=%d checked=%v", srv.starts, check.Checked)
	}
	if !h.ui.fapp.Preferences().Bool(prefLocalAPI) {
		t.Error("the switch was not remembered")
	}
	for _, b := range findAll[*widget.Button](v.content) {
		if b.Text == "Copy token" {
			test.Tap(b)
		}
	}
	if got := h.ui.fapp.Clipboard().Content(); got != "tok-123" {
		t.Errorf("clipboard %q", got)
	}
	test.Tap(check)
	if srv.stops != 1 || check.Checked || h.ui.fapp.Preferences().Bool(prefLocalAPI) {
		t.Errorf("after switching off: stops=%d checked=%v", srv.stops, check.Checked)
	}

	t.Run("StartsWithTheWindowWhenLeftOn", func(t *testing.T) {
		h.ui.fapp.Preferences().SetBool(prefLocalAPI, true)
		again := &fakeServer{}
		h.ui.setLocalAPI(again.api())
		if again.starts != 1 {
			t.Errorf("starts %d", again.starts)
		}
		h.ui.StopLocalAPI()
		if again.stops != 1 {
			t.Errorf("stops %d", again.stops)
		}
	})
	t.Run("AFailureToStartIsShown", func(t *testing.T) {
		h.ui.fapp.Preferences().SetBool(prefLocalAPI, false)
		busy := &fakeServer{err: app.Errorf(app.EConflict, "Cannot listen on 127.0.0.1:8765: address in use")}
		h.ui.setLocalAPI(busy.api())
		h.ui.settingsWin.Close()
		v := openSettings(t, h)
		check := localAPICheck(t, v)
		test.Tap(check)
		if check.Checked || !labelsContain(v, "address in use") || h.ui.fapp.Preferences().Bool(prefLocalAPI) {
			t.Errorf("checked=%v", check.Checked)
		}
	})
}
