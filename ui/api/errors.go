package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"os"

	"archivist/app"
)

// StatusOf returns the HTTP status for an error code: the CLI's codes keep
// their meaning, each with the status a client expects.
func StatusOf(code string) int {
	switch code {
	case app.EInvalid, app.EPassword:
		return http.StatusBadRequest
	case EUnauthorized:
		return http.StatusUnauthorized
	case EForbidden, app.EConsentRequired, app.EEgressNotAcknowledged:
		return http.StatusForbidden
	case app.ENotFound:
		return http.StatusNotFound
	case app.EConflict, app.ENoEvidence:
		return http.StatusConflict
	case app.ETooLarge:
		return http.StatusRequestEntityTooLarge
	case app.EUnsupported:
		return http.StatusUnsupportedMediaType
	case ERateLimited:
		return http.StatusTooManyRequests
	case app.EProviderFailure, app.EInvalidProviderResponse, app.EProviderResponseTruncated:
		return http.StatusBadGateway
	case app.ECancelled:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// errorBody is {"error": {"code", "message"}}, as `ask --json` prints it.
type errorBody struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// writeError answers err: its code, its human message (a generic one for
// internal errors, whose detail stays out of the response) and the status
// of its code.
func writeError(w http.ResponseWriter, err error) {
	var b errorBody
	b.Error.Code, b.Error.Message = app.ErrorCode(err), app.ErrorMessage(err)
	data, _ := json.MarshalIndent(b, "", "  ")
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(StatusOf(b.Error.Code))
	w.Write(append(data, '\n'))
}

// writeJSON answers v as indented JSON, refusing bodies past
// MaxResponseBytes.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		writeError(w, err)
		return
	}
	writeRaw(w, status, append(data, '\n'))
}

// writeRaw answers stored JSON bytes unchanged.
func writeRaw(w http.ResponseWriter, status int, data []byte) {
	if len(data) > MaxResponseBytes {
		writeError(w, app.Errorf(app.ETooLarge, "The response would exceed %d MB; narrow the request.", MaxResponseBytes>>20))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(data)
}

// decodeJSON reads a bounded JSON request body into v: one object, no
// unknown fields, nothing after it.
func (s *Server) decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	return s.decodeJSONUpTo(w, r, v, s.cfg.MaxBodyBytes)
}

// decodeJSONUpTo is decodeJSON with its own bound, for a request that
// carries a document.
func (s *Server) decodeJSONUpTo(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, _ := mime.ParseMediaType(ct); mt != "application/json" {
			return app.Errorf(app.EUnsupported, "Send the request body as application/json.")
		}
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return app.Errorf(app.ETooLarge, "The request body exceeds %d KB.", limit>>10)
	} else if errors.Is(err, os.ErrDeadlineExceeded) {
		return app.Errorf(app.EInvalid, "The request body did not arrive in time.")
	} else if err != nil {
		return app.Errorf(app.EInvalid, "The request body could not be read.")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return app.Errorf(app.EInvalid, "The request body is not the JSON this endpoint takes: %s.", jsonProblem(err))
	}
	if dec.More() {
		return app.Errorf(app.EInvalid, "The request body holds more than one JSON value.")
	}
	return nil
}

// jsonProblem words a decoding error without echoing the body.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return "malformed JSON"
	case errors.As(err, &typ):
		return "field " + typ.Field + " has the wrong type"
	case errors.Is(err, io.EOF):
		return "the body is empty"
	}
	msg := err.Error()
	if len(msg) > 80 {
		msg = msg[:80]
	}
	return msg
}
