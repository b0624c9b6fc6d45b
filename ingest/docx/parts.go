package docx

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"archivist/app"
)

// Limits on the package. A DOCX is a zip archive: a few kilobytes can
// expand to gigabytes, so sizes are checked as declared and counted again
// while reading.
const (
	// MaxPartBytes bounds one part (word/document.xml, …) expanded.
	MaxPartBytes = 256 << 20
	// MaxTotalBytes bounds all the parts read from one file, expanded.
	MaxTotalBytes = 512 << 20
	// MaxEntries bounds the number of files in the archive; real
	// documents have tens, a few hundred with many images.
	MaxEntries = 10000
	// MaxRatio is the highest compression ratio accepted for a part over
	// bigPart bytes: XML compresses 5–30:1, zip bombs 1000:1.
	MaxRatio = 200
	bigPart  = 8 << 20
)

// pkg is an opened DOCX package.
type pkg struct {
	files map[string]*zip.File // by lower-case name
	read  int64                // bytes expanded so far, all parts
}

// damaged returns the error for a file that is not a readable DOCX.
func damaged(format string, args ...any) error {
	return app.Errorf(app.EInvalid, "the DOCX is damaged (%s)", fmt.Sprintf(format, args...))
}

// oleMagic opens an OLE compound file: a legacy .doc, or a DOCX that Word
// encrypted with a password.
var oleMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}

func openPackage(src []byte) (*pkg, error) {
	if bytes.HasPrefix(src, oleMagic) {
		return nil, app.Errorf(app.EUnsupported,
			"the file is a password-protected Word document or an old .doc file, not a DOCX that can be read")
	}
	zr, err := zip.NewReader(bytes.NewReader(src), int64(len(src)))
	if err != nil {
		return nil, damaged("not a zip archive: %v", err)
	}
	if len(zr.File) > MaxEntries {
		return nil, app.Errorf(app.ETooLarge, "the DOCX holds %d files; more than %d is not a Word document", len(zr.File), MaxEntries)
	}
	p := &pkg{files: make(map[string]*zip.File, len(zr.File))}
	for _, f := range zr.File {
		name := strings.ToLower(strings.TrimPrefix(f.Name, "/"))
		if _, dup := p.files[name]; !dup {
			p.files[name] = f
		}
	}
	return p, nil
}

func (p *pkg) has(name string) bool {
	_, ok := p.files[strings.ToLower(name)]
	return ok
}

// open returns a reader of the named part, or nil when there is none. The
// reader fails with an ETooLarge *app.Error when the part expands past the
// limits.
func (p *pkg) open(name string) (io.ReadCloser, error) {
	f := p.files[strings.ToLower(name)]
	if f == nil {
		return nil, nil
	}
	if f.UncompressedSize64 > MaxPartBytes {
		return nil, tooLarge(name)
	}
	if f.UncompressedSize64 > bigPart && f.UncompressedSize64 > MaxRatio*f.CompressedSize64 {
		return nil, bomb(name)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, damaged("%s: %v", name, err)
	}
	return &limitReader{rc: rc, name: name, pkg: p, compressed: f.CompressedSize64}, nil
}

func tooLarge(name string) error {
	return app.Errorf(app.ETooLarge, "the DOCX part %s expands to more than %d MB", name, MaxPartBytes>>20)
}

func bomb(name string) error {
	return app.Errorf(app.ETooLarge, "the DOCX part %s is compressed more than %d:1, as a zip bomb is; it is not read", name, MaxRatio)
}

// limitReader counts the bytes a part expands to and stops at the limits,
// whatever its zip header declared.
type limitReader struct {
	rc         io.ReadCloser
	name       string
	pkg        *pkg
	n          uint64
	compressed uint64
}

func (r *limitReader) Read(b []byte) (int, error) {
	// Read at most one byte past a limit: enough to know it was passed.
	if room := MaxPartBytes + 1 - r.n; uint64(len(b)) > room {
		b = b[:room]
	}
	n, err := r.rc.Read(b)
	r.n += uint64(n)
	r.pkg.read += int64(n)
	switch {
	case r.n > MaxPartBytes:
		return 0, tooLarge(r.name)
	case r.n > bigPart && r.n > MaxRatio*r.compressed:
		return 0, bomb(r.name)
	case r.pkg.read > MaxTotalBytes:
		return 0, app.Errorf(app.ETooLarge, "the DOCX expands to more than %d MB", MaxTotalBytes>>20)
	}
	return n, err
}

func (r *limitReader) Close() error { return r.rc.Close() }

// partError turns an error met reading part name into the error Parse
// returns: limits and cancellation as they are, anything else as damage.
func partError(name string, err error) error {
	var ae *app.Error
	if errors.As(err, &ae) {
		return err
	}
	if errors.Is(err, errCancelled) {
		return err
	}
	return damaged("%s: %v", name, err)
}

// relationship is one entry of a .rels part.
type relationship struct {
	Type, Target, Mode string
}

// rels returns the relationships of the part named source ("" for the
// package itself), with targets resolved to part names.
func (p *pkg) rels(source string) ([]relationship, error) {
	dir, file := path.Split(source)
	name := path.Join(dir, "_rels", file+".rels")
	rc, err := p.open(name)
	if err != nil || rc == nil {
		return nil, err
	}
	defer rc.Close()
	var out []relationship
	d := newDecoder(rc)
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, partError(name, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "Relationship" {
			continue
		}
		var r relationship
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "Type":
				r.Type = a.Value
			case "Target":
				r.Target = a.Value
			case "TargetMode":
				r.Mode = a.Value
			}
		}
		if r.Mode == "External" || r.Target == "" {
			continue
		}
		if strings.HasPrefix(r.Target, "/") {
			r.Target = path.Clean(r.Target)[1:]
		} else {
			r.Target = strings.TrimPrefix(path.Clean(path.Join("/", dir, r.Target)), "/")
		}
		out = append(out, r)
	}
}

// target returns the part the first relationship of a type ending in
// suffix points at, else def when that part exists, else "".
func (p *pkg) target(rels []relationship, suffix, def string) string {
	for _, r := range rels {
		if strings.HasSuffix(r.Type, suffix) && p.has(r.Target) {
			return r.Target
		}
	}
	if p.has(def) {
		return def
	}
	return ""
}

// newDecoder returns a strict XML decoder of r that skips a byte-order
// mark and accepts the UTF-8 encoding declarations Word writes.
func newDecoder(r io.Reader) *xml.Decoder {
	br := bufio.NewReader(r)
	if head, _ := br.Peek(3); bytes.Equal(head, []byte{0xEF, 0xBB, 0xBF}) {
		br.Discard(3)
	}
	d := xml.NewDecoder(br)
	d.CharsetReader = func(label string, input io.Reader) (io.Reader, error) {
		switch strings.ToLower(label) {
		case "utf-8", "utf8", "us-ascii", "ascii":
			return input, nil
		}
		return nil, fmt.Errorf("the %s character encoding is not supported", label)
	}
	return d
}
