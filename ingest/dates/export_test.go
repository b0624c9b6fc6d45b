package dates

import "archivist/app"

// Debug wraps a chooser so tests can print every role decision.
func Debug(c app.RoleChooser) app.RoleChooser {
	if DebugChooser == nil {
		return c
	}
	return DebugChooser(c)
}
