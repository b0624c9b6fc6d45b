package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
	"time"

	"archivist/app"
)

// imagePDF is a one-page PDF drawing one image XObject whose stream is
// img, decoded by filter ("/Filter /DCTDecode": a JPEG; "": raw samples)
// at w × h, 8 bits, DeviceRGB.
func imagePDF(img []byte, filter string, w, h int) []byte {
	content := fmt.Sprintf("q 400 0 0 300 100 400 cm /Im1 Do Q BT /F1 12 Tf 72 72 Td (%s) Tj ET", cycleText)
	return rawPDF(map[int]string{
		1: "<< /Type /Catalog /Pages 2 0 R >>",
		2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		3: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 6 0 R >> /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
		4: fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		5: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		6: fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB /BitsPerComponent 8 %s /Length %d >>\nstream\n%s\nendstream",
			w, h, filter, len(img), img),
	})
}

// FuzzImage renders a page whose image stream is the fuzzed bytes, as a
// JPEG (DCTDecode) and as raw samples, through the PDFium workers: every
// call ends, within the time limit, with a picture or an *app.Error.
func FuzzImage(f *testing.F) {
	src := image.NewRGBA(image.Rect(0, 0, 32, 24))
	for y := range 24 {
		for x := range 32 {
			src.Set(x, y, color.RGBA{uint8(8 * x), uint8(10 * y), 128, 255})
		}
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, src, nil); err != nil {
		f.Fatal(err)
	}
	f.Add(jb.Bytes(), uint8(0))
	f.Add(src.Pix[:32*24*3], uint8(1))
	f.Add(jb.Bytes()[:jb.Len()/2], uint8(0))
	e := &Engine{cfg: testEngine(f).cfg, procs: testEngine(f).procs}
	e.cfg.DocumentTimeout = 10 * time.Second
	f.Fuzz(func(t *testing.T, img []byte, kind uint8) {
		var data []byte
		if kind%2 == 0 {
			data = imagePDF(img, "/Filter /DCTDecode", 32, 24)
		} else {
			data = imagePDF(img, "", 32, 24)
		}
		_, err := e.RenderPage(context.Background(), data, 1, 72)
		if err != nil && !errors.As(err, new(*app.Error)) {
			t.Fatalf("not an app.Error: %v", err)
		}
		p, err := e.Parse(context.Background(), data, "")
		if err != nil {
			if !errors.As(err, new(*app.Error)) {
				t.Fatalf("not an app.Error: %v", err)
			}
			return
		}
		if errs := checkParsed(p); errs != nil {
			t.Fatalf("%v", errs)
		}
	})
}
