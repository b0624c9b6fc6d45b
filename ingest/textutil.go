package ingest

import (
	"bytes"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"archivist/app"
	"archivist/ingest/internal/srctext"
)

// DecodeText turns a text file's bytes into the UTF-8 text the parsers
// read. UTF-8 is kept as it is (less a byte-order mark); UTF-16 with a
// byte-order mark is converted; the bytes of anything else that are not
// valid UTF-8 are read as Windows-1252, the usual encoding of older Western
// text files.
// CRLF and lone CR line endings become LF; nothing else changes, so line
// numbers and every character stay where the source had them.
//
// An empty file, or one of only white space, is an EInvalid error.
func DecodeText(data []byte) (string, error) {
	if len(data) == 0 {
		return "", app.Errorf(app.EInvalid, "the file is empty")
	}
	var s string
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		s = decodeUTF16(data[2:], false)
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		s = decodeUTF16(data[2:], true)
	default:
		data = bytes.TrimPrefix(data, []byte{0xEF, 0xBB, 0xBF})
		if utf8.Valid(data) {
			s = string(srctext.Normalize(data))
		} else {
			s = decodeWindows1252(srctext.Normalize(data))
		}
	}
	if strings.TrimSpace(s) == "" {
		return "", app.Errorf(app.EInvalid, "the file contains no text")
	}
	return s, nil
}

func decodeUTF16(data []byte, bigEndian bool) string {
	u := make([]uint16, len(data)/2)
	for i := range u {
		if bigEndian {
			u[i] = uint16(data[2*i])<<8 | uint16(data[2*i+1])
		} else {
			u[i] = uint16(data[2*i+1])<<8 | uint16(data[2*i])
		}
	}
	return string(srctext.Normalize([]byte(string(utf16.Decode(u)))))
}

// win1252 maps the bytes 0x80–0x9F of Windows-1252 to runes; the bytes
// the code page leaves undefined map to the C1 control of the same value,
// as the WHATWG encoding standard does. Bytes 0xA0–0xFF are Latin-1.
var win1252 = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// decodeWindows1252 decodes data byte by byte as Windows-1252, except that
// valid multi-byte UTF-8 sequences are kept: a UTF-8 file with a few
// corrupt bytes keeps its accented letters, while a Windows-1252 file
// rarely holds a byte pair that is valid UTF-8.
func decodeWindows1252(data []byte) string {
	var b strings.Builder
	b.Grow(len(data) + len(data)/8)
	for i := 0; i < len(data); {
		c := data[i]
		if c >= utf8.RuneSelf {
			if r, size := utf8.DecodeRune(data[i:]); r != utf8.RuneError || size > 1 {
				b.WriteString(string(data[i : i+size]))
				i += size
				continue
			}
		}
		switch {
		case c < 0x80:
			b.WriteByte(c)
		case c < 0xA0:
			b.WriteRune(win1252[c-0x80])
		default:
			b.WriteRune(rune(c))
		}
		i++
	}
	return b.String()
}
