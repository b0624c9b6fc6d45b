// Package app holds Archivist's domain: the types every other package shares,
// the error codes, and the small interfaces the UI and the command line call.
// It imports nothing but the standard library.
package app

import (
	"errors"
	"fmt"
)

// Error codes. The UI maps them to dialogs and the CLI to exit statuses.
const (
	EInvalid         = "invalid"
	ENotFound        = "not_found"
	EConflict        = "conflict"
	EUnsupported     = "unsupported"
	EInternal        = "internal"
	ECancelled       = "cancelled"
	ETooLarge        = "too_large"
	EProviderFailure = "provider_failure"

	// The answer provider's reply broke the citation contract, or was cut
	// off at its output limit (docs/design.md §6).
	EInvalidProviderResponse   = "invalid_provider_response"
	EProviderResponseTruncated = "provider_response_truncated"
	// A provider outside this machine was configured without the user's
	// stored acknowledgement that evidence will leave it.
	EEgressNotAcknowledged = "egress_not_acknowledged"
	// Confidential or Restricted text would reach a model or a remote
	// decision provider, and the conversation has no consent for it.
	EConsentRequired = "consent_required"
	// The scope holds no document that could be evidence.
	ENoEvidence = "no_evidence"
)

// Error is an error a person can act on: a stable code and a human message.
// Details, when set, is the technical account (a library's own error
// text) for logs and `--json` output; it is never part of Message.
type Error struct {
	Code    string
	Message string
	Details string
}

func (e *Error) Error() string { return e.Message }

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EInternal
// for any other non-nil error, and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the human message of the first *Error in err's chain,
// or a generic message for internal errors so details never leak to a dialog.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}

// ErrorDetails returns the technical details of the first *Error in err's
// chain, or "".
func ErrorDetails(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Details
	}
	return ""
}
