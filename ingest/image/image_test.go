package image

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"runtime"
	"testing"

	"golang.org/x/image/bmp"

	"archivist/app"
)

// marked returns a w × h white image with a black square in its top-left
// quarter, so orientation can be checked by where the square lands.
func marked(w, h int) *image.Gray {
	g := image.NewGray(image.Rect(0, 0, w, h))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	for y := range h / 4 {
		for x := range w / 4 {
			g.Pix[y*g.Stride+x] = 0
		}
	}
	return g
}

func dark(img image.Image, x, y int) bool {
	r, _, _, _ := img.At(img.Bounds().Min.X+x, img.Bounds().Min.Y+y).RGBA()
	return r < 0x8000
}

// TestReadsEachKind: every format opens as one page of the right size whose
// pixels decode.
func TestReadsEachKind(t *testing.T) {
	src := marked(40, 20)
	var pngB, jpgB, bmpB bytes.Buffer
	png.Encode(&pngB, src)
	jpeg.Encode(&jpgB, src, &jpeg.Options{Quality: 95})
	bmp.Encode(&bmpB, src)
	for name, data := range map[string][]byte{"png": pngB.Bytes(), "jpeg": jpgB.Bytes(), "bmp": bmpB.Bytes(),
		"tiff": multiTIFF([]*image.Gray{src})} {
		t.Run(name, func(t *testing.T) {
			d, err := Open(data)
			if err != nil {
				t.Fatal(err)
			}
			if string(d.kind) != name || d.Pages() != 1 {
				t.Fatalf("kind %q pages %d", d.kind, d.Pages())
			}
			img, err := d.Page(0)
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != 40 || b.Dy() != 20 || !dark(img, 2, 2) || dark(img, 30, 15) {
				t.Fatalf("decoded %v, square at (2,2) %v", b, dark(img, 2, 2))
			}
		})
	}
}

func TestWebPSniffed(t *testing.T) {
	head := append([]byte("RIFF\x10\x00\x00\x00WEBPVP8 "), make([]byte, 16)...)
	if Sniff(head) != WebP {
		t.Fatal("a RIFF WEBP header is not WebP")
	}
	d, err := Open(head)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Page(0); app.ErrorCode(err) != app.EInvalid {
		t.Fatalf("a WebP without picture data: %v, want a damaged-image error", err)
	}
}

// withOrientation inserts an EXIF APP1 segment with the given Orientation
// after a JPEG's SOI marker.
func withOrientation(jpg []byte, o uint16) []byte {
	var t bytes.Buffer
	t.WriteString("MM\x00*")
	binary.Write(&t, binary.BigEndian, uint32(8))
	binary.Write(&t, binary.BigEndian, uint16(1))           // one entry
	binary.Write(&t, binary.BigEndian, []uint16{0x0112, 3}) // Orientation, SHORT
	binary.Write(&t, binary.BigEndian, uint32(1))           // count
	binary.Write(&t, binary.BigEndian, []uint16{o, 0})      // value
	binary.Write(&t, binary.BigEndian, uint32(0))           // no next directory
	seg := append([]byte("Exif\x00\x00"), t.Bytes()...)
	app1 := append([]byte{0xFF, 0xE1, byte((len(seg) + 2) >> 8), byte(len(seg) + 2)}, seg...)
	return append(append(append([]byte{}, jpg[:2]...), app1...), jpg[2:]...)
}

func TestJPEGOrientation(t *testing.T) {
	var b bytes.Buffer
	jpeg.Encode(&b, marked(40, 20), &jpeg.Options{Quality: 95})
	for _, tc := range []struct {
		o        uint16
		w, h     int
		sqX, sqY int // a pixel inside the black square after turning
	}{
		{1, 40, 20, 2, 2},
		{3, 40, 20, 37, 17}, // upside down: the square goes bottom right
		{6, 20, 40, 17, 2},  // turned a quarter clockwise: top right
		{8, 20, 40, 2, 37},  // a quarter anticlockwise: bottom left
	} {
		d, err := Open(withOrientation(b.Bytes(), tc.o))
		if err != nil {
			t.Fatal(err)
		}
		w, h, err := d.Size(0)
		if err != nil || w != tc.w || h != tc.h {
			t.Fatalf("orientation %d: size %d×%d %v, want %d×%d", tc.o, w, h, err, tc.w, tc.h)
		}
		img, err := d.Page(0)
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != tc.w || !dark(img, tc.sqX, tc.sqY) {
			t.Errorf("orientation %d: %v, square at (%d,%d) dark %v", tc.o, img.Bounds(), tc.sqX, tc.sqY, dark(img, tc.sqX, tc.sqY))
		}
	}
}

// multiTIFF writes an uncompressed 8-bit grey TIFF with one page per image.
func multiTIFF(pages []*image.Gray) []byte {
	le := binary.LittleEndian
	out := []byte("II*\x00\x00\x00\x00\x00")
	prevNext := 4 // where the offset of the next directory goes
	for _, g := range pages {
		w, h := g.Rect.Dx(), g.Rect.Dy()
		pix := len(out)
		out = append(out, g.Pix...)
		if len(out)%2 == 1 {
			out = append(out, 0)
		}
		ifd := len(out)
		le.PutUint32(out[prevNext:], uint32(ifd))
		entries := [][3]uint32{{256, 4, uint32(w)}, {257, 4, uint32(h)}, {258, 3, 8}, {259, 3, 1}, {262, 3, 1},
			{273, 4, uint32(pix)}, {277, 3, 1}, {278, 4, uint32(h)}, {279, 4, uint32(w * h)}}
		out = le.AppendUint16(out, uint16(len(entries)))
		for _, e := range entries {
			out = le.AppendUint16(out, uint16(e[0]))
			out = le.AppendUint16(out, uint16(e[1]))
			out = le.AppendUint32(out, 1)
			if e[1] == 3 {
				out = le.AppendUint16(out, uint16(e[2]))
				out = le.AppendUint16(out, 0)
			} else {
				out = le.AppendUint32(out, e[2])
			}
		}
		prevNext = len(out)
		out = le.AppendUint32(out, 0)
	}
	return out
}

func TestMultiPageTIFF(t *testing.T) {
	pages := []*image.Gray{marked(30, 30), marked(50, 20), marked(20, 60)}
	d, err := Open(multiTIFF(pages))
	if err != nil {
		t.Fatal(err)
	}
	if d.Pages() != 3 {
		t.Fatalf("%d pages, want 3", d.Pages())
	}
	for i, want := range pages {
		img, err := d.Page(i)
		if err != nil {
			t.Fatalf("page %d: %v", i+1, err)
		}
		if img.Bounds().Size() != want.Rect.Size() || !dark(img, 1, 1) {
			t.Errorf("page %d: %v, want %v", i+1, img.Bounds(), want.Rect)
		}
	}
}

// Test500PageTIFF: a TIFF of 500 pages opens at once and its pages decode
// one at a time, the memory held not growing with the pages read.
func Test500PageTIFF(t *testing.T) {
	pages := make([]*image.Gray, 500)
	for i := range pages {
		pages[i] = marked(400, 400)
	}
	data := multiTIFF(pages)
	d, err := Open(data)
	if err != nil {
		t.Fatal(err)
	}
	if d.Pages() != 500 {
		t.Fatalf("%d pages, want 500", d.Pages())
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range 500 {
		if _, err := d.Page(i); err != nil {
			t.Fatalf("page %d: %v", i+1, err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	// Each page is 160 KB decoded; all 500 held would be 80 MB.
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 8<<20 {
		t.Errorf("the heap grew by %d MB reading 500 pages one at a time", grown>>20)
	}
}

// hugePNG is a PNG header (signature and IHDR) claiming w × h pixels,
// followed by nothing: the size is known from 33 bytes.
func hugePNG(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 0, 0, 0, 0) // 8-bit grey
	chunk := append([]byte("IHDR"), ihdr...)
	out := []byte("\x89PNG\r\n\x1a\n")
	out = binary.BigEndian.AppendUint32(out, uint32(len(ihdr)))
	out = append(out, chunk...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(chunk))
}

func TestHugeImageRefusedFromHeader(t *testing.T) {
	d, err := Open(hugePNG(20_000, 20_000))
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = d.Page(0)
	runtime.ReadMemStats(&after)
	if app.ErrorCode(err) != app.ETooLarge {
		t.Fatalf("err %v, want too large", err)
	}
	if a := after.TotalAlloc - before.TotalAlloc; a > 1<<20 {
		t.Errorf("refusing the image allocated %d KB", a>>10)
	}
}

func TestTruncatedJPEG(t *testing.T) {
	var b bytes.Buffer
	src := image.NewRGBA(image.Rect(0, 0, 300, 200))
	for i := range src.Pix {
		src.Pix[i] = uint8(i * 7)
	}
	jpeg.Encode(&b, src, nil)
	cut := b.Bytes()[:b.Len()/2]
	d, err := Open(cut)
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Page(0)
	if app.ErrorCode(err) != app.EInvalid {
		t.Fatalf("err %v, want a damaged-image error", err)
	}
	if msg := app.ErrorMessage(err); msg == "" {
		t.Fatal("no message")
	}
}

func TestDamagedTIFFChain(t *testing.T) {
	data := multiTIFF([]*image.Gray{marked(10, 10), marked(10, 10)})
	// Point the second page's next link back at the first: a loop.
	first := binary.LittleEndian.Uint32(data[4:])
	binary.LittleEndian.PutUint32(data[len(data)-4:], first)
	d, err := Open(data)
	if err != nil {
		t.Fatal(err)
	}
	if d.Pages() != 2 {
		t.Fatalf("%d pages, want 2 (the loop ends the chain)", d.Pages())
	}
	if _, err := Open([]byte("II*\x00\xff\xff\xff\x00")); app.ErrorCode(err) != app.EInvalid {
		t.Fatalf("a TIFF pointing outside itself: %v", err)
	}
}

func TestNotAnImage(t *testing.T) {
	if _, err := Open([]byte("hello, world")); app.ErrorCode(err) != app.EUnsupported {
		t.Fatalf("err %v", err)
	}
	_ = color.White
}
