package store

import "context"

// autoSuggestKey is the settings key of "apply suggestions automatically".
const autoSuggestKey = "suggest.auto_apply"

// AutoApplySuggestions reports whether the metadata proposed for a newly
// imported document is applied at once. It is off until the person turns
// it on: by default a proposal waits for a click.
func (db *DB) AutoApplySuggestions(ctx context.Context) (bool, error) {
	v, err := db.Setting(ctx, autoSuggestKey)
	return v == "on", err
}

// SetAutoApplySuggestions turns "apply suggestions automatically" on or off
// for this library.
func (db *DB) SetAutoApplySuggestions(ctx context.Context, on bool) error {
	v := "off"
	if on {
		v = "on"
	}
	return db.SetSetting(ctx, autoSuggestKey, v)
}
