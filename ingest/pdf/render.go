package pdf

import (
	"context"
	"fmt"
	"image"
	"image/draw"

	"github.com/klippa-app/go-pdfium/requests"

	"archivist/app"
)

// PageImageDPI is the resolution of the cached page images (docs/design.md
// §2.7); at it, one point is two pixels.
const PageImageDPI = 144

// maxRenderDPI bounds a render request; PDFium refuses bitmaps past ~536
// megapixels anyway.
const maxRenderDPI = 600

// RenderPage renders the 1-based physical page of data at dpi (0 means
// PageImageDPI), after the page's rotation, so a box normalised 0–1 with
// the origin top-left is a plain rectangle over the image.
func (e *Engine) RenderPage(ctx context.Context, data []byte, page int, dpi int) (image.Image, error) {
	return e.RenderPageWithPassword(ctx, data, "", page, dpi)
}

// RenderPageWithPassword is RenderPage for an encrypted PDF.
func (e *Engine) RenderPageWithPassword(ctx context.Context, data []byte, password string, page int, dpi int) (image.Image, error) {
	var img image.Image
	err := e.RenderPages(ctx, data, password, []int{page}, dpi, func(_ int, i image.Image) error {
		img = i
		return nil
	})
	if err != nil {
		return nil, err
	}
	return img, nil
}

// RenderPages renders the given 1-based pages of data at dpi in one PDFium
// instance — far cheaper than a RenderPage call per page — passing each
// image to fn as it is made. It stops at the first error.
func (e *Engine) RenderPages(ctx context.Context, data []byte, password string, pages []int, dpi int, fn func(page int, img image.Image) error) error {
	if dpi == 0 {
		dpi = PageImageDPI
	}
	if dpi < 1 || dpi > maxRenderDPI {
		return app.Errorf(app.EInvalid, "cannot render at %d dpi (1–%d)", dpi, maxRenderDPI)
	}
	if e.procs != nil {
		return e.renderWorkers(ctx, data, password, pages, dpi, fn)
	}
	return e.withDocument(ctx, data, password, func(s *session) error {
		n, err := s.pageCount()
		if err != nil {
			return fmt.Errorf("pdf: count pages: %w", err)
		}
		for _, page := range pages {
			if err := ctx.Err(); err != nil {
				return err
			}
			img, err := s.render(page, n, dpi)
			if err != nil {
				return err
			}
			if err := fn(page, img); err != nil {
				return err
			}
		}
		return nil
	})
}

// render renders one page of the open document, which has n pages.
func (s *session) render(page, n, dpi int) (image.Image, error) {
	if page < 1 || page > n {
		return nil, app.Errorf(app.ENotFound, "the PDF has no page %d (it has %d)", page, n)
	}
	res, err := s.inst.RenderPageInDPI(&requests.RenderPageInDPI{
		Page: requests.Page{ByIndex: &requests.PageByIndex{Document: s.doc, Index: page - 1}},
		DPI:  dpi,
	})
	if err != nil {
		return nil, app.Errorf(app.EInvalid, "cannot render page %d: %s", page, err.Error())
	}
	defer res.Cleanup()
	// The pixels live in wasm memory until Cleanup: copy them out.
	src := res.Result.RenderedImage
	if src == nil {
		src = res.Result.Image
	}
	dst := image.NewRGBA(src.Bounds())
	draw.Draw(dst, dst.Bounds(), src, src.Bounds().Min, draw.Src)
	return dst, nil
}
