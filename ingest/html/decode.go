package html

import (
	"bytes"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
)

// Decode returns the UTF-8 text of an HTML page read from a file: UTF-8
// as it is; UTF-16 with a byte-order mark, or a page in another character
// set that its <meta charset> or <meta http-equiv="Content-Type"> names,
// converted. Bytes that are not valid UTF-8 and name no character set are
// read as Windows-1252, as browsers read them.
//
// Parse takes text that is already UTF-8; an importer calls Decode on the
// original bytes first.
func Decode(data []byte) []byte {
	hasBOM := bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF})
	if !hasBOM && utf8.Valid(data) {
		// A page that is valid UTF-8 is UTF-8 whatever its meta says:
		// tools that save pages convert the bytes but seldom the meta.
		return data
	}
	enc, name, _ := charset.DetermineEncoding(data, "")
	if name == "utf-8" || enc == nil {
		return data
	}
	out, err := enc.NewDecoder().Bytes(data)
	if err != nil {
		return data
	}
	return bytes.TrimPrefix(out, []byte("\uFEFF"))
}
