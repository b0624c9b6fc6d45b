package dates

import "archivist/app"

// Debug wraps a chooser so tests can print every role decision.
func Debug(c app.Chooser) app.Chooser {
	if DebugChooser == nil {
		return c
	}
	return DebugChooser(c)
}
