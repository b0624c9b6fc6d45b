package export

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"testing"

	"archivist/app"

	"github.com/pdfcpu/pdfcpu/pkg/api"
)

func TestImagePDF(t *testing.T) {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 300, 150)))
	out, err := imagePDF(pngPages{}, b.Bytes(), []int{1})
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
	if _, err := imagePDF(pngPages{}, b.Bytes(), []int{2}); err == nil {
		t.Error("a page the image does not have was exported")
	}
}

// pngPages reads a one-page PNG as the import would an image document.
type pngPages struct{}

func (pngPages) Document(context.Context, string) (*app.Document, error) { return nil, nil }
func (pngPages) ReadBlob(string) ([]byte, error)                         { return nil, nil }
func (pngPages) PagePicture(data []byte, page int) (image.Image, error) {
	if page != 1 {
		return nil, app.Errorf(app.EInvalid, "no page %d", page)
	}
	return png.Decode(bytes.NewReader(data))
}
