// Package ingest turns imported files into Archivist's documents: it detects
// a file's format, decodes text, hands the bytes to the parser of that
// format (one sub-package each) and cuts the parsed blocks into passages.
package ingest

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"archivist/app"
	imgdoc "archivist/ingest/image"
)

// ErrUnsupportedFormat is the error, wrapped with the file's extension in
// the message, for a file whose format Archivist does not know.
var ErrUnsupportedFormat = &app.Error{Code: app.EUnsupported, Message: "unsupported file format"}

// errBinary is returned for a file whose first bytes are not text.
var errBinary = &app.Error{Code: app.EUnsupported, Message: "not a text file: it contains binary data"}

// sniffLen is how much of the head Detect looks at for binary content.
const sniffLen = 8 << 10

var (
	pdfMagic = []byte("%PDF-")
	zipMagic = []byte("PK\x03\x04")
)

// Detect names the format of a file from its first bytes (up to 8 KiB are
// used) and, second, its name. PDF, HTML and DOCX are recognised although
// this build cannot parse them, so the caller can say so plainly.
//
// A file whose bytes are not text fails with an EUnsupported error saying
// so, whatever its name; an unknown kind fails with ErrUnsupportedFormat.
func Detect(name string, head []byte) (app.Format, error) {
	ext := strings.ToLower(filepath.Ext(name))
	if len(head) == 0 {
		return "", app.Errorf(app.EInvalid, "the file is empty")
	}
	// The PDF header may follow a little junk; readers look in the first
	// kilobyte.
	if bytes.Contains(head[:min(len(head), 1024)], pdfMagic) {
		return app.FormatPDF, nil
	}
	if imgdoc.Sniff(head) != "" {
		return app.FormatImage, nil
	}
	if bytes.HasPrefix(head, zipMagic) {
		if ext == ".docx" {
			return app.FormatDOCX, nil
		}
		return "", unsupported(ext)
	}
	switch ext {
	case ".pdf":
		return "", app.Errorf(app.EInvalid, "not a valid PDF file: it has no PDF header")
	case ".docx":
		return "", app.Errorf(app.EInvalid, "not a valid DOCX file: it is not a zip archive")
	}
	if isBinary(head) {
		return "", errBinary
	}
	if looksLikeHTML(head) {
		return app.FormatHTML, nil
	}
	switch ext {
	case ".html", ".htm", ".xhtml":
		return app.FormatHTML, nil
	case ".md", ".markdown", ".mdown":
		return app.FormatMarkdown, nil
	case ".txt", ".text", "":
		return app.FormatText, nil
	}
	return "", unsupported(ext)
}

// unsupported wraps ErrUnsupportedFormat in an error whose message names
// the extension; errors.Is(err, ErrUnsupportedFormat) still holds.
func unsupported(ext string) error {
	msg := "unsupported file type " + ext
	if ext == "" {
		msg = "unsupported file type (the name has no extension)"
	}
	return fmt.Errorf("%w: %w", &app.Error{Code: app.EUnsupported, Message: msg}, ErrUnsupportedFormat)
}

// isBinary reports whether head looks like binary data: a NUL byte, or more
// than a tenth of control characters other than tab, line feed, carriage
// return and form feed. UTF-16 text (with its byte-order mark) is text.
func isBinary(head []byte) bool {
	head = head[:min(len(head), sniffLen)]
	if bytes.HasPrefix(head, []byte{0xFF, 0xFE}) || bytes.HasPrefix(head, []byte{0xFE, 0xFF}) {
		return false
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	ctrl := 0
	for _, c := range head {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' || c == 0x7F {
			ctrl++
		}
	}
	return ctrl*10 > len(head)
}

// looksLikeHTML reports whether head opens, after white space and a
// byte-order mark, with "<!doctype html" or "<html".
func looksLikeHTML(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte{0xEF, 0xBB, 0xBF})
	head = bytes.TrimLeft(head, " \t\r\n\f")
	if len(head) > 64 {
		head = head[:64]
	}
	lower := bytes.ToLower(head)
	return bytes.HasPrefix(lower, []byte("<!doctype html")) || bytes.HasPrefix(lower, []byte("<html")) &&
		(len(lower) == 5 || !isNameByte(lower[5]))
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c >= utf8.RuneSelf
}
