package ingest

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"archivist/app"
)

func TestDetect(t *testing.T) {
	garbage := make([]byte, 4096)
	for i := range garbage {
		garbage[i] = byte(i*7919 + i/3) // every byte value, NULs included
	}
	controls := bytes.Repeat([]byte("ab\x01\x02\x03\x04\x05cd\x06"), 100) // no NUL, half controls
	for _, c := range []struct {
		name string
		file string
		head []byte
		want app.Format
		code string // expected error code, "" for success
		msg  string // part of the expected error message
	}{
		{"PDFMagic", "report.pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), app.FormatPDF, "", ""},
		{"PDFMagicWrongName", "report.txt", []byte("%PDF-1.4\n"), app.FormatPDF, "", ""},
		{"PDFAfterJunk", "x.pdf", append(bytes.Repeat([]byte{' '}, 100), "%PDF-1.3"...), app.FormatPDF, "", ""},
		{"PDFNameNotPDF", "fake.pdf", []byte("hello"), "", app.EInvalid, "not a valid PDF"},
		{"DOCX", "letter.docx", []byte("PK\x03\x04\x14\x00\x06\x00"), app.FormatDOCX, "", ""},
		{"ZipNotDOCX", "archive.zip", []byte("PK\x03\x04\x14\x00"), "", app.EUnsupported, ".zip"},
		{"DOCXNotZip", "letter.docx", []byte("plain words"), "", app.EInvalid, "not a valid DOCX"},
		{"HTMLByName", "page.HTM", []byte("<p>hi</p>"), app.FormatHTML, "", ""},
		{"HTMLByDoctype", "page", []byte("\n  <!DOCTYPE html>\n<html>"), app.FormatHTML, "", ""},
		{"HTMLByTag", "notes.txt", []byte("<html lang=en>"), app.FormatHTML, "", ""},
		{"HTMLPrefixOfOtherTag", "notes.txt", []byte("<htmlish> is not html"), app.FormatText, "", ""},
		{"Markdown", "README.md", []byte("# Title\n"), app.FormatMarkdown, "", ""},
		{"MarkdownLong", "notes.markdown", []byte("text"), app.FormatMarkdown, "", ""},
		{"Mdown", "notes.mdown", []byte("text"), app.FormatMarkdown, "", ""},
		{"Text", "notes.txt", []byte("hello\r\n"), app.FormatText, "", ""},
		{"TextNoExtension", "NOTES", []byte("hello"), app.FormatText, "", ""},
		{"Latin1Text", "old.txt", []byte("caf\xe9 cr\xe8me\n"), app.FormatText, "", ""},
		{"UTF16Text", "win.txt", []byte("\xff\xfeh\x00i\x00"), app.FormatText, "", ""},
		{"BinaryNamedMarkdown", "photo.md", garbage, "", app.EUnsupported, "not a text file"},
		{"ControlsNamedText", "data.txt", controls, "", app.EUnsupported, "not a text file"},
		{"BinaryNoExtension", "a.out", garbage, "", app.EUnsupported, "not a text file"},
		{"Empty", "empty.md", nil, "", app.EInvalid, "empty"},
		{"UnknownExtension", "sheet.xlsx2", []byte("a,b\n"), "", app.EUnsupported, ".xlsx2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Detect(c.file, c.head)
			if c.code == "" {
				if err != nil || got != c.want {
					t.Fatalf("Detect = %q, %v; want %q", got, err, c.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("Detect = %q, want a %s error", got, c.code)
			}
			if code := app.ErrorCode(err); code != c.code {
				t.Errorf("code = %q, want %q (%v)", code, c.code, err)
			}
			if msg := app.ErrorMessage(err); !strings.Contains(msg, c.msg) {
				t.Errorf("message %q lacks %q", msg, c.msg)
			}
		})
	}
	t.Run("UnsupportedIsSentinel", func(t *testing.T) {
		_, err := Detect("slides.pptx", []byte("text"))
		if !errors.Is(err, ErrUnsupportedFormat) {
			t.Errorf("err = %v, want one wrapping ErrUnsupportedFormat", err)
		}
		if msg := app.ErrorMessage(err); !strings.Contains(msg, ".pptx") {
			t.Errorf("message %q does not name the extension", msg)
		}
	})
	t.Run("MostlyTextWithFewControls", func(t *testing.T) {
		head := append(bytes.Repeat([]byte("plain text line\n"), 50), "\x1b[0m\x07"...)
		if f, err := Detect("log.txt", head); err != nil || f != app.FormatText {
			t.Errorf("Detect = %q, %v; a few control bytes must not make text binary", f, err)
		}
	})
}

func TestDecodeText(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"UTF8Kept", []byte("naïve — ok\n"), "naïve — ok\n"},
		{"BOMStripped", []byte("\xef\xbb\xbfhello"), "hello"},
		{"CRLF", []byte("a\r\nb\r\n\r\nc"), "a\nb\n\nc"},
		{"LoneCR", []byte("a\rb\r"), "a\nb\n"},
		{"Latin1", []byte("caf\xe9 cr\xe8me br\xfbl\xe9e"), "café crème brûlée"},
		{"Windows1252Specials", []byte("\x93quoted\x94 \x96 \x80 5 \x85"), "“quoted” – € 5 …"},
		{"Windows1252Undefined", []byte("a\x81b\xff"), "a\u0081bÿ"},
		{"UTF8WithACorruptByte", []byte("naïve caf\xe9"), "naïve café"},
		{"UTF16LE", []byte("\xff\xfeh\x00\xe9\x00\r\x00\n\x00"), "hé\n"},
		{"UTF16BE", []byte("\xfe\xff\x00h\x00\xe9"), "hé"},
		{"TabsAndFormFeedsKept", []byte("a\tb\fc"), "a\tb\fc"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := DecodeText(c.in)
			if err != nil || got != c.want {
				t.Errorf("DecodeText(%q) = %q, %v; want %q", c.in, got, err, c.want)
			}
		})
	}
	for _, c := range []struct {
		name string
		in   []byte
		msg  string
	}{
		{"Empty", nil, "the file is empty"},
		{"OnlyBOM", []byte("\xef\xbb\xbf"), "no text"},
		{"WhitespaceOnly", []byte(" \r\n\t\n  "), "no text"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeText(c.in)
			if app.ErrorCode(err) != app.EInvalid || !strings.Contains(app.ErrorMessage(err), c.msg) {
				t.Errorf("DecodeText(%q) error = %v, want invalid %q", c.in, err, c.msg)
			}
		})
	}
}
