package export

import (
	"bytes"
	"image/jpeg"
	"strconv"

	"github.com/go-pdf/fpdf"

	"archivist/app"
)

// imagePagesDPI is the resolution an image document's page is placed at
// in the export: a picture's pixels have no size of their own.
const imagePagesDPI = 150

// imagePDF makes a PDF of the cited pages of an image document (a scan
// saved as PNG, JPEG, TIFF…), one picture a page filling it, in the order
// of pages, so the export's highlights go over them as over a PDF's.
func imagePDF(lib Library, data []byte, pages []int) ([]byte, error) {
	pdf := fpdf.New("P", "pt", "A4", "")
	pdf.SetAutoPageBreak(false, 0)
	for _, p := range pages {
		img, err := lib.PagePicture(data, p)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 88}); err != nil {
			return nil, app.Errorf(app.EInvalid, "page %d could not be encoded: %v", p, err)
		}
		w := float64(img.Bounds().Dx()) * 72 / imagePagesDPI
		h := float64(img.Bounds().Dy()) * 72 / imagePagesDPI
		pdf.AddPageFormat("P", fpdf.SizeType{Wd: w, Ht: h})
		name := "page" + strconv.Itoa(p)
		pdf.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "JPG"}, &b)
		pdf.ImageOptions(name, 0, 0, w, h, false, fpdf.ImageOptions{ImageType: "JPG"}, 0, "")
	}
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, app.Errorf(app.EInvalid, "the page images could not be written: %v", err)
	}
	return out.Bytes(), nil
}
