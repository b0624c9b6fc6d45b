// Package image opens picture files as documents of pages: PNG, JPEG (its
// EXIF orientation honoured), TIFF (every page of a multi-page file), BMP
// and WebP. A page's size is read from the file's header before any pixel
// is decoded, so a 20,000 × 20,000 image is refused at the cost of reading
// a few bytes, and pages are decoded one at a time, on demand, so a
// 500-page TIFF never holds more than one page in memory.
//
// The words on the pages are read by OCR (package ocr); this package only
// finds and decodes the pictures.
package image

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // registered for DecodeConfig; GIF is not sniffed as a document
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
	"golang.org/x/image/webp"

	"archivist/app"
)

// Kind names an image format.
type Kind string

// The kinds Sniff recognises.
const (
	PNG  Kind = "png"
	JPEG Kind = "jpeg"
	TIFF Kind = "tiff"
	BMP  Kind = "bmp"
	WebP Kind = "webp"
)

// Limits. A page over MaxPixels is refused (decoded, it would take 4 bytes
// a pixel); a TIFF with more than MaxPages pages is read to MaxPages.
const (
	MaxPixels = 50_000_000
	MaxPages  = 2000
)

// Sniff names the image format of a file from its first bytes, or "".
func Sniff(head []byte) Kind {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG
	case bytes.HasPrefix(head, []byte("II*\x00")), bytes.HasPrefix(head, []byte("MM\x00*")):
		return TIFF
	case bytes.HasPrefix(head, []byte("BM")) && len(head) >= 26:
		return BMP
	case len(head) >= 12 && bytes.HasPrefix(head, []byte("RIFF")) && string(head[8:12]) == "WEBP":
		return WebP
	}
	return ""
}

// Doc is an opened image file.
type Doc struct {
	kind Kind
	data []byte
	// pages holds, for a TIFF, the offset of each page's directory; one
	// entry (0) for other kinds.
	pages []uint32
	// orient is the JPEG's EXIF orientation (1–8; 1 upright).
	orient int
}

// Open checks an image file and finds its pages. It decodes no pixels.
func Open(data []byte) (*Doc, error) {
	d := &Doc{kind: Sniff(data), data: data, pages: []uint32{0}, orient: 1}
	switch d.kind {
	case "":
		return nil, app.Errorf(app.EUnsupported, "not an image format Archivist reads (PNG, JPEG, TIFF, BMP, WebP)")
	case TIFF:
		offs, err := tiffPages(data)
		if err != nil {
			return nil, err
		}
		d.pages = offs
	case JPEG:
		d.orient = exifOrientation(data)
	}
	return d, nil
}

// Pages returns the number of pages.
func (d *Doc) Pages() int { return len(d.pages) }

// Size returns a page's size in pixels as displayed (after the EXIF
// orientation), from its header alone.
func (d *Doc) Size(page int) (w, h int, err error) {
	cfg, err := d.config(page)
	if err != nil {
		return 0, 0, err
	}
	w, h = cfg.Width, cfg.Height
	if d.orient >= 5 {
		w, h = h, w
	}
	return w, h, nil
}

// Page decodes one page (0-based), turned upright as its EXIF orientation
// says. It refuses a page over MaxPixels before decoding it.
func (d *Doc) Page(page int) (image.Image, error) {
	cfg, err := d.config(page)
	if err != nil {
		return nil, err
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, damaged(d.kind, errors.New("it has no pixels"))
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, app.Errorf(app.ETooLarge, "the image is %d × %d pixels; images over %d megapixels are not read",
			cfg.Width, cfg.Height, MaxPixels/1_000_000)
	}
	img, err := d.decoder()(d.reader(page))
	if err != nil {
		return nil, damaged(d.kind, err)
	}
	return orient(img, d.orient), nil
}

func (d *Doc) config(page int) (image.Config, error) {
	if page < 0 || page >= len(d.pages) {
		return image.Config{}, app.Errorf(app.ENotFound, "the image has no page %d", page+1)
	}
	var cfg image.Config
	var err error
	switch d.kind {
	case PNG:
		cfg, err = png.DecodeConfig(d.reader(page))
	case JPEG:
		cfg, err = jpeg.DecodeConfig(d.reader(page))
	case TIFF:
		cfg, err = tiff.DecodeConfig(d.reader(page))
	case BMP:
		cfg, err = bmp.DecodeConfig(d.reader(page))
	case WebP:
		cfg, err = webp.DecodeConfig(d.reader(page))
	}
	if err != nil {
		return cfg, damaged(d.kind, err)
	}
	return cfg, nil
}

func (d *Doc) decoder() func(io.Reader) (image.Image, error) {
	switch d.kind {
	case PNG:
		return png.Decode
	case JPEG:
		return jpeg.Decode
	case TIFF:
		return tiff.Decode
	case BMP:
		return bmp.Decode
	}
	return webp.Decode
}

// reader returns the bytes of one page as a file of its own: for a TIFF,
// the file with its header pointing at that page's directory (every offset
// in a TIFF is absolute, so the rest stands as it is).
func (d *Doc) reader(page int) io.Reader {
	if d.kind != TIFF || page == 0 {
		return bytes.NewReader(d.data)
	}
	p := &patched{Reader: bytes.NewReader(d.data)}
	copy(p.head[:], d.data[:8])
	tiffOrder(d.data).PutUint32(p.head[4:8], d.pages[page])
	return p
}

// patched is a TIFF file read with its first 8 bytes (the header) replaced.
// The TIFF decoder reads through ReadAt when it can, so the file is never
// copied.
type patched struct {
	*bytes.Reader
	head [8]byte
}

func (p *patched) ReadAt(b []byte, off int64) (int, error) {
	n, err := p.Reader.ReadAt(b, off)
	for i := 0; i < n && off+int64(i) < 8; i++ {
		b[i] = p.head[off+int64(i)]
	}
	return n, err
}

// damaged words a decoding error for the person who imported the file.
func damaged(k Kind, err error) error {
	why := err.Error()
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		why = "it is cut short (truncated)"
	}
	return app.Errorf(app.EInvalid, "the %s image is damaged or incomplete: %s", kindName(k), why)
}

func kindName(k Kind) string {
	switch k {
	case WebP:
		return "WebP"
	case "":
		return "image"
	}
	return fmt.Sprintf("%s", bytes.ToUpper([]byte(k)))
}
