package app

import "strings"

// Settings are what a person chooses in the settings window. API keys are
// not among them: they live in a separate file only the user can read, and
// Settings only says whether one is saved.
type Settings struct {
	Decision ProviderSettings // routing and scoring: "local", "systemone" or "openai"
	Answer   ProviderSettings // answers: "extractive" or "openai"
	// EgressAcknowledged records that the person accepted that document
	// text goes to an endpoint that is not on this computer (docs/design.md §7).
	EgressAcknowledged bool
	Preset             Preset
	LibraryDir         string // empty: the OS default; takes effect at the next start
	Theme              string // ThemeSystem, ThemeLight or ThemeDark
}

// ProviderSettings configures one provider.
type ProviderSettings struct {
	Kind   string // e.g. "local", "openai"
	URL    string // base URL of an HTTP provider
	Model  string
	HasKey bool // a key is saved for this provider; the key itself is never here
	// Images says whether the provider is shown pictures: ImagesDetect
	// (the default) asks the endpoint, ImagesYes and ImagesNo are set by
	// the person.
	Images string
}

// Provider kinds.
const (
	ProviderLocal      = "local"      // decision: the embedded lexical judge
	ProviderSystemOne  = "systemone"  // decision: a System One endpoint
	ProviderOpenAI     = "openai"     // decision or answer: an OpenAI-compatible endpoint
	ProviderExtractive = "extractive" // answer: quotes the evidence, offline
)

// Theme settings.
const (
	ThemeSystem = "system"
	ThemeLight  = "light"
	ThemeDark   = "dark"
)

// Remote reports whether p sends text over HTTP (anything but the offline
// providers).
func (p ProviderSettings) Remote() bool {
	switch strings.ToLower(strings.TrimSpace(p.Kind)) {
	case "", ProviderLocal, ProviderExtractive:
		return false
	}
	return true
}
