package app

import "strings"

// Sensitivity is how carefully a document's text must be kept on this
// computer (docs/design.md §7). Confidential and Restricted text reaches a
// model or a remote decision provider only with the person's consent for
// the conversation.
type Sensitivity string

// The sensitivity levels, least guarded first.
const (
	SensitivityPublic       Sensitivity = "public"
	SensitivityInternal     Sensitivity = "internal"
	SensitivityConfidential Sensitivity = "confidential"
	SensitivityRestricted   Sensitivity = "restricted"
)

// Sensitivities lists the levels in order, for menus and usage text.
var Sensitivities = []Sensitivity{SensitivityPublic, SensitivityInternal, SensitivityConfidential, SensitivityRestricted}

// ParseSensitivity reads a level a person typed or picked; anything but
// the four names is an EInvalid error.
func ParseSensitivity(s string) (Sensitivity, error) {
	v := Sensitivity(strings.ToLower(strings.TrimSpace(s)))
	for _, l := range Sensitivities {
		if v == l {
			return v, nil
		}
	}
	return "", Errorf(EInvalid, "Unknown sensitivity %q: use public, internal, confidential or restricted.", s)
}

// StoredSensitivity reads the stored value of a document: unset means
// Internal, and a value Archivist does not know fails closed as Restricted.
func StoredSensitivity(s string) Sensitivity {
	if s == "" {
		return SensitivityInternal
	}
	if v, err := ParseSensitivity(s); err == nil {
		return v
	}
	return SensitivityRestricted
}

// NeedsConsent reports whether text of this level may reach a model or a
// remote decision provider only after the person's consent. Unknown levels
// do (fail closed).
func (s Sensitivity) NeedsConsent() bool {
	switch s {
	case SensitivityPublic, SensitivityInternal, "":
		return false
	}
	return true
}
