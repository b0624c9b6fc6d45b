package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	pdferrors "github.com/klippa-app/go-pdfium/errors"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"archivist/app"
)

// ErrCodePassword is the app.Error code for a PDF that needs a password,
// or was given a wrong one: the UI answers it with a password prompt and
// the CLI with --password. It is app.EPassword; use that.
const ErrCodePassword = app.EPassword

// IsPasswordRequired reports whether err says the PDF needs a (different)
// password.
func IsPasswordRequired(err error) bool {
	var e *app.Error
	return errors.As(err, &e) && e.Code == app.EPassword
}

// passwordError is the error for an encrypted PDF; given says whether a
// password was tried.
func passwordError(given bool) error {
	if given {
		return &app.Error{Code: app.EPassword, Message: "the PDF is password-protected and the password is wrong"}
	}
	return &app.Error{Code: app.EPassword, Message: "the PDF is password-protected"}
}

// damaged is the error for bytes that are not a readable PDF; why is a
// short reason a person can understand.
func damaged(why string) error {
	return damagedDetail(why, "")
}

// damagedDetail is damaged with the technical account of what failed (a
// library's error text), kept apart from the message in Details.
func damagedDetail(why, detail string) error {
	return &app.Error{Code: app.EInvalid, Message: "the PDF is damaged or not a PDF (" + why + ")", Details: detail}
}

// diagnose turns PDFium's failure to open data into a clear *app.Error.
// PDFium's own codes are terse ("incorrect format"), so pdfcpu reads the
// file's structure to say more. pdfcpu runs only here, on files PDFium
// cannot open: its strict validation rejects many files PDFium reads fine,
// and reading every good file twice would cost import time for nothing.
func diagnose(data []byte, openErr error) error {
	return diagnoseWith(data, openErr, structureProblem)
}

// diagnoseWith is diagnose with another way to run pdfcpu.
func diagnoseWith(data []byte, openErr error, problem func([]byte) string) error {
	var of *openFailure
	switch {
	case errors.Is(openErr, pdferrors.ErrPassword):
		return passwordError(false)
	case errors.Is(openErr, pdferrors.ErrSecurity) || errors.As(openErr, &of) && of.security:
		return &app.Error{Code: app.EUnsupported, Message: "the PDF uses an encryption method Archivist cannot read"}
	}
	head := data[:min(len(data), 1024)]
	if !bytes.Contains(head, []byte("%PDF-")) {
		return damaged("it has no PDF header")
	}
	pdfium := "PDFium: " + strings.TrimLeft(openErr.Error(), "0123456789: ")
	if why, detail := splitProblem(problem(data)); why != "" {
		return damagedDetail(why, pdfium+"; pdfcpu: "+detail)
	}
	return damagedDetail("its structure cannot be read", pdfium)
}

// splitProblem splits a structure problem, "why\x00detail", into the
// reason for a person and the technical detail.
func splitProblem(p string) (why, detail string) {
	why, detail, _ = strings.Cut(p, "\x00")
	return why, detail
}

// structureTimeout bounds the pdfcpu diagnosis. pdfcpu cannot be
// interrupted, and some malformed input sends it into a long loop (found
// by FuzzParse); past this the file is reported without the detail.
const structureTimeout = 3 * time.Second

// structureProblem asks pdfcpu, in relaxed mode, what is wrong with data:
// "why\x00detail" (see splitProblem), or "" when it finds nothing it can
// name in time. It runs in this process,
// where a pdfcpu read that loops cannot be stopped, so it only reads the
// file and does not validate it: pdfcpu's validation follows name trees
// without a visited set (testdata/cycles/name-tree-cycle.pdf never
// returns). Worker processes validate too (readStructure), and are killed
// after structureTimeout.
func structureProblem(data []byte) string {
	why, _ := within(structureTimeout, func() string { return readStructure(data, false) })
	return why
}

// within runs f in a goroutine of its own and returns its result, or ok
// false when it has not returned within limit.
//
// BUG: pdfcpu cannot be interrupted: a read that loops forever keeps its
// goroutine (and a core) busy until the process exits; the caller has its
// answer by then.
func within[T any](limit time.Duration, f func() T) (v T, ok bool) {
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v, true
	case <-time.After(limit):
		return v, false
	}
}

// pdfcpuRead reads data's structure with pdfcpu in relaxed validation
// mode, opening it with password.
func pdfcpuRead(data []byte, password string) (*model.Context, error) {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	conf.UserPW, conf.OwnerPW = password, password
	return api.ReadContext(bytes.NewReader(data), conf)
}

// readStructure is structureProblem without the time limit; validate
// also runs pdfcpu's validation of the whole object graph.
func readStructure(data []byte, validate bool) (why string) {
	defer func() {
		// pdfcpu panics on some malformed input; a panic is a finding too.
		if r := recover(); r != nil {
			why = fmt.Sprintf("its structure is broken\x00pdfcpu panicked: %v", r)
		}
	}()
	ctx, err := pdfcpuRead(data, "")
	if err == nil && validate {
		err = api.ValidateContext(ctx)
	}
	switch {
	case err == nil:
		return ""
	case errors.Is(err, pdfcpu.ErrWrongPassword):
		return "it is encrypted and cannot be opened\x00" + err.Error()
	}
	msg := err.Error()
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	msg = strings.TrimPrefix(msg, "pdfcpu: ")
	if len(msg) > 200 {
		msg = msg[:200] + "…"
	}
	if bytes.LastIndex(data, []byte("%%EOF")) < 0 {
		return "it is truncated\x00" + msg
	}
	return "its structure is broken\x00" + msg
}
