package export

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
)

func TestImagePDF(t *testing.T) {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 300, 150)))
	out, err := imagePDF(b.Bytes(), []int{1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := api.ReadContext(bytes.NewReader(out), config())
	if err != nil {
		t.Fatal(err)
	}
	if err := api.ValidateContext(ctx); err != nil {
		t.Fatal(err)
	}
	pb, err := ctx.PageBoundaries(nil)
	if err != nil || len(pb) != 1 {
		t.Fatalf("pages %v %v", pb, err)
	}
	// 300 × 150 pixels at 150 dpi: 144 × 72 pt, the picture's shape.
	if r := pb[0].CropBox(); r.Width() != 144 || r.Height() != 72 {
		t.Errorf("page %v × %v pt", r.Width(), r.Height())
	}
	if _, err := imagePDF(b.Bytes(), []int{2}); err == nil {
		t.Error("a page the image does not have was exported")
	}
}
