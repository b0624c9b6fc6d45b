package desktop

import (
	"image"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"archivist/app"
)

// pdfAnswer cites a PDF passage that runs from page 2 (two lines) onto
// page 3 (one line), then a Markdown passage.
func pdfAnswer() *app.Answer {
	return &app.Answer{
		Answer:     "Revenue rose 12% [1]. The board approved it [2].",
		Sufficient: true,
		Citations: []app.Citation{
			{
				N: 1, DocumentID: "pdf1", Title: "Annual report 2022", Section: "Results",
				Quote: "Revenue rose 12% to $4.1 billion.", PageStart: 2, PageEnd: 3, Precision: "line",
				Rects: []app.Rect{
					{Page: 2, X0: 0.10, Y0: 0.50, X1: 0.90, Y1: 0.52},
					{Page: 2, X0: 0.10, Y0: 0.53, X1: 0.60, Y1: 0.55},
					{Page: 3, X0: 0.12, Y0: 0.08, X1: 0.70, Y1: 0.10},
				},
			},
			{N: 2, DocumentID: "md1", Title: "Minutes", Section: "Votes", Quote: "The board approved the results.", LineStart: 7, LineEnd: 7, Precision: "line"},
		},
		Sources: []app.SourceRef{
			{N: 1, DocumentID: "pdf1", Title: "Annual report 2022", Text: "Revenue rose 12% to $4.1 billion."},
			{N: 2, DocumentID: "md1", Title: "Minutes", Text: "The board approved the results."},
		},
	}
}

// openPDFCitation asks, taps pill [1] and returns the citation view.
func openPDFCitation(t *testing.T, h *harness) (*turn, *citationView) {
	t.Helper()
	tr := h.ask(t, "How did revenue change?")
	links := findAll[*pill](tr.text)
	if len(links) != 2 {
		t.Fatalf("%d pills, want 2", len(links))
	}
	tapCenter(links[0])
	return tr, h.ui.drawer.citation
}

func pageLoaded(cv *citationView) func() bool {
	return func() bool { return cv.page.img != nil && !cv.loadingBox.Visible() }
}

// marks returns the page view's highlight rectangles and the image they
// sit on.
func marks(t *testing.T, pv *pageView) (*canvas.Image, []*canvas.Rectangle) {
	t.Helper()
	r := test.WidgetRenderer(pv).(*pageViewRenderer)
	if r.image == nil {
		t.Fatal("the page view shows no image")
	}
	return r.image, r.marks
}

// assertAligned checks that each mark covers its rect's normalised area of
// the drawn image (plus the one-unit margin the renderer adds).
func assertAligned(t *testing.T, pv *pageView, rects []app.Rect) {
	t.Helper()
	img, ms := marks(t, pv)
	if len(ms) != len(rects) {
		t.Fatalf("%d highlights, want %d", len(ms), len(rects))
	}
	ip, is := img.Position(), img.Size()
	if is.Width <= 0 || is.Height <= 0 {
		t.Fatalf("image drawn at %v", is)
	}
	near := func(a, b float32) bool { return math.Abs(float64(a-b)) < 0.51 }
	for i, r := range rects {
		m := ms[i]
		wantX := ip.X + float32(r.X0)*is.Width - 1
		wantY := ip.Y + float32(r.Y0)*is.Height - 1
		wantW := float32(r.X1-r.X0)*is.Width + 2
		wantH := float32(r.Y1-r.Y0)*is.Height + 2
		if !m.Visible() || !near(m.Position().X, wantX) || !near(m.Position().Y, wantY) ||
			!near(m.Size().Width, wantW) || !near(m.Size().Height, wantH) {
			t.Errorf("highlight %d at %v %v, want (%.1f,%.1f) %.1f×%.1f over the image at %v %v",
				i, m.Position(), m.Size(), wantX, wantY, wantW, wantH, ip, is)
		}
	}
}

func TestPDFCitationShowsPageWithHighlights(t *testing.T) {
	lib := &fakeLibrary{pageDir: t.TempDir(), pageGate: make(chan struct{})}
	h := newHarness(t, lib, &fakeResearch{answer: pdfAnswer()})
	_, cv := openPDFCitation(t, h)

	if !cv.paged {
		t.Fatal("a citation with pages opened without the page view")
	}
	if !cv.loadingBox.Visible() {
		t.Error("no activity indicator while the page image loads")
	}
	close(lib.pageGate)
	h.loop.waitFor(t, "the page image", pageLoaded(cv))
	h.loop.waitFor(t, "the cited passage", func() bool { return cv.highlight != nil })

	if got := lib.pageRequests(); !slices.Contains(got, "pdf1:2") {
		t.Errorf("PageImage asked for %q, want pdf1:2", got)
	}
	if !cv.pageScroll.Visible() || cv.pageErr.Visible() {
		t.Error("page not shown after it loaded")
	}
	if got, want := cv.where.Text, "Results · pages 2–3 · showing page 2 · the lines are highlighted"; got != want {
		t.Errorf("header = %q, want %q", got, want)
	}
	assertAligned(t, cv.page, pdfAnswer().Citations[0].Rects[:2])

	// Fit width: the page is as wide as its viewport, less the margins.
	img, _ := marks(t, cv.page)
	if vw := cv.pageScroll.Size().Width; math.Abs(float64(img.Size().Width-(vw-2*pageMargin))) > 1 {
		t.Errorf("page drawn %v wide in a %v viewport; want fit width", img.Size().Width, vw)
	}
	// The highlights are scrolled into view.
	hp, hs, _ := cv.page.highlightArea()
	if off, vh := cv.pageScroll.Offset.Y, cv.pageScroll.Size().Height; hp.Y < off || hp.Y+hs.Height > off+vh {
		t.Errorf("highlights at y %v–%v, viewport shows %v–%v", hp.Y, hp.Y+hs.Height, off, off+vh)
	}
	// The quote is still shown as text under the page.
	if cv.highlight.Text != pdfAnswer().Citations[0].Quote {
		t.Errorf("quote text = %q", cv.highlight.Text)
	}
	if !slices.Contains(cv.quoteBox.Objects, fyne.CanvasObject(cv.scroll)) {
		t.Error("the passage is not under the page image")
	}

	if h.win.Canvas().Focused() != cv.page {
		t.Fatal("the page does not have the keyboard after opening the citation")
	}
	cv.page.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	h.loop.waitFor(t, "page 3", pageLoaded(cv))
	if got := lib.pageRequests(); got[len(got)-1] != "pdf1:3" {
		t.Errorf("→ asked for %q, want pdf1:3", got)
	}
	if !strings.Contains(cv.where.Text, "showing page 3") {
		t.Errorf("header after → = %q", cv.where.Text)
	}
	assertAligned(t, cv.page, pdfAnswer().Citations[0].Rects[2:])

	cv.page.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	h.loop.waitFor(t, "citation [2]", func() bool { return cv.highlight != nil && cv.highlight.Text == pdfAnswer().Citations[1].Quote })
	if cv.paged || cv.zoomBar.Visible() {
		t.Error("a Markdown citation is shown with the page view")
	}
	if got, want := cv.where.Text, "Votes · line 7 · the lines are highlighted"; got != want {
		t.Errorf("header = %q, want %q", got, want)
	}
	if !cv.prev.Visible() || cv.prev.Disabled() || !cv.next.Disabled() {
		t.Error("at the last stop, previous should be enabled and next disabled")
	}

	test.Tap(cv.prev)
	h.loop.waitFor(t, "page 3 again", pageLoaded(cv))
	if !cv.paged || !strings.Contains(cv.where.Text, "showing page 3") {
		t.Errorf("← from [2] should show [1] at page 3; header %q", cv.where.Text)
	}
	cv.page.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	h.loop.waitFor(t, "page 2 again", pageLoaded(cv))
	if !strings.Contains(cv.where.Text, "showing page 2") || !cv.prev.Disabled() {
		t.Errorf("← should go back to page 2, the first stop; header %q", cv.where.Text)
	}

	test.Tap(cv.close)
	if cv.content.Visible() {
		t.Error("Close left the citation view open")
	}
	if h.win.Canvas().Focused() == cv.page {
		t.Error("the closed page view keeps the keyboard")
	}
}

func TestPDFCitationShowsCropUnderAnswer(t *testing.T) {
	lib := &fakeLibrary{pageDir: t.TempDir()}
	h := newHarness(t, lib, &fakeResearch{answer: pdfAnswer()})
	tr, cv := openPDFCitation(t, h)
	h.loop.waitFor(t, "the crop", func() bool { return tr.crop.Visible() })
	h.loop.waitFor(t, "the page image", pageLoaded(cv))

	imgs := findAll[*canvas.Image](tr.crop)
	if len(imgs) != 1 {
		t.Fatalf("%d images in the crop, want 1", len(imgs))
	}
	c := pdfAnswer().Citations[0]
	want, _ := cropRect(image.Rect(0, 0, 612, 792), c.Rects, 2, cropMargin)
	if got := imgs[0].Image.Bounds(); got != want {
		t.Errorf("crop = %v, want %v (the page-2 highlights with their margin)", got, want)
	}
	if hgt := imgs[0].Size().Height; hgt <= 0 || hgt > maxCropHeight {
		t.Errorf("crop shown %v high, want 1–%d", hgt, maxCropHeight)
	}
	// The quoted lines are highlighted within the crop, as on the page.
	view := tr.crop.Objects[1].(*fyne.Container).Objects[0].(*fyne.Container)
	pic := view.Objects[1].(*canvas.Image)
	if n := len(view.Objects) - 2; n != 2 {
		t.Fatalf("%d highlights on the crop, want 2", n)
	}
	for i, r := range c.Rects[:2] {
		m := view.Objects[2+i]
		wantX := (float32(r.X0)*612-float32(want.Min.X))/float32(want.Dx())*pic.Size().Width - 1
		wantY := (float32(r.Y0)*792-float32(want.Min.Y))/float32(want.Dy())*pic.Size().Height - 1
		if math.Abs(float64(m.Position().X-wantX)) > 0.6 || math.Abs(float64(m.Position().Y-wantY)) > 0.6 {
			t.Errorf("crop highlight %d at %v, want (%.1f, %.1f)", i, m.Position(), wantX, wantY)
		}
	}
	if got := labelTexts(tr.crop); !slices.Contains(got, "[1] Annual report 2022, page 2") {
		t.Errorf("crop caption = %q", got)
	}
	// Only one page was decoded for page view and crop alike.
	if n := len(lib.pageRequests()); n != 1 {
		t.Errorf("PageImage called %d times for one page, want 1", n)
	}
	// The crop lies within the transcript's visible part.
	d := h.ui.drawer
	top := d.transcript.Position().Y + tr.box.Position().Y + tr.crop.Position().Y
	if off := d.scroll.Offset.Y; top < off || top+tr.crop.Size().Height > off+d.scroll.Size().Height+1 {
		t.Errorf("crop at %v–%v, transcript shows %v–%v", top, top+tr.crop.Size().Height, off, off+d.scroll.Size().Height)
	}

	// Moving to the text citation removes the crop; closing leaves none.
	cv.step(+1)
	cv.step(+1)
	if tr.crop.Visible() {
		t.Error("the crop stays after moving to a citation without pages")
	}
	cv.step(-1)
	h.loop.waitFor(t, "the crop again", func() bool { return tr.crop.Visible() })
	test.Tap(cv.close)
	if tr.crop.Visible() {
		t.Error("the crop stays after the citation view closed")
	}
}

func TestPageImageErrorShownInPlace(t *testing.T) {
	lib := &fakeLibrary{pageDir: t.TempDir(), pageErr: app.Errorf(app.ENotFound, "The original file is missing.")}
	h := newHarness(t, lib, &fakeResearch{answer: pdfAnswer()})
	_, cv := openPDFCitation(t, h)
	h.loop.waitFor(t, "the error", func() bool { return cv.pageErr.Visible() })
	if cv.pageErr.Text != "The original file is missing." {
		t.Errorf("error shown = %q", cv.pageErr.Text)
	}
	if cv.loadingBox.Visible() {
		t.Error("activity indicator still shown after the error")
	}
	if cv.page.img != nil {
		t.Error("an image is shown despite the error")
	}
	if !cv.zoomIn.Disabled() {
		t.Error("zoom enabled with no page shown")
	}
	// A corrupt cache file is an error too, never a crash.
	lib.mu.Lock()
	lib.pageErr = nil
	lib.pageDir = t.TempDir()
	lib.mu.Unlock()
	if err := writeFile(lib.pageDir+"/pdf1-3.png", "not a png"); err != nil {
		t.Fatal(err)
	}
	cv.step(+1)
	h.loop.waitFor(t, "the decode error", func() bool { return cv.pageErr.Visible() && cv.stops[cv.stop].page == 3 })
	if cv.pageErr.Text != "The page image could not be read." {
		t.Errorf("error shown = %q", cv.pageErr.Text)
	}
}

func TestPageZoom(t *testing.T) {
	lib := &fakeLibrary{pageDir: t.TempDir()}
	h := newHarness(t, lib, &fakeResearch{answer: pdfAnswer()})
	_, cv := openPDFCitation(t, h)
	h.loop.waitFor(t, "the page image", pageLoaded(cv))
	img, _ := marks(t, cv.page)
	fit := img.Size().Width
	rects := pdfAnswer().Citations[0].Rects[:2]

	test.Tap(cv.zoomIn)
	if got := img.Size().Width; math.Abs(float64(got-fit*pageZoomStep)) > 1 {
		t.Errorf("zoomed in to %v wide, want %v", got, fit*pageZoomStep)
	}
	if cv.pageScroll.Content.Size().Width <= cv.pageScroll.Size().Width {
		t.Error("zoomed page does not scroll across")
	}
	assertAligned(t, cv.page, rects)

	cv.page.TypedRune('-')
	cv.page.TypedRune('-')
	if got := img.Size().Width; math.Abs(float64(got-fit/pageZoomStep)) > 1 {
		t.Errorf("zoomed out to %v wide, want %v", got, fit/pageZoomStep)
	}
	assertAligned(t, cv.page, rects)

	for range 20 {
		test.Tap(cv.zoomOut)
	}
	if !cv.zoomOut.Disabled() || cv.page.zoom != minPageZoom {
		t.Errorf("zoom %v with zoom out enabled=%v; want stopped at %v", cv.page.zoom, !cv.zoomOut.Disabled(), minPageZoom)
	}
	test.Tap(cv.zoomFit)
	if got := img.Size().Width; math.Abs(float64(got-fit)) > 1 {
		t.Errorf("fit width gave %v, want %v", got, fit)
	}

	// Resizing the window (or dragging the split) keeps fit width and the
	// highlights on their lines.
	h.win.Resize(fyne.NewSize(1000, 700))
	if vw := cv.pageScroll.Size().Width; math.Abs(float64(img.Size().Width-(vw-2*pageMargin))) > 1 {
		t.Errorf("after resize the page is %v wide in a %v viewport", img.Size().Width, vw)
	}
	assertAligned(t, cv.page, rects)
	hp, hs, _ := cv.page.highlightArea()
	if off, vh := cv.pageScroll.Offset.Y, cv.pageScroll.Size().Height; hp.Y < off || hp.Y+hs.Height > off+vh {
		t.Errorf("after resize the highlights are at y %v–%v, the viewport shows %v–%v", hp.Y, hp.Y+hs.Height, off, off+vh)
	}
}

func TestPageViewLayout(t *testing.T) {
	test.NewTempApp(t)
	pv := newPageView()
	scroll := container.NewScroll(pv)
	box := container.New(pageFitLayout{pv}, scroll)
	w := test.NewWindow(box)
	t.Cleanup(w.Close)
	w.Resize(fyne.NewSize(400, 300))

	rects := []app.Rect{{Page: 1, X0: 0.25, Y0: 0.5, X1: 0.75, Y1: 0.6}, {Page: 1, X0: 0.9, Y0: 0.9, X1: 0.8, Y1: 0.95}}
	pv.setPage(image.NewNRGBA(image.Rect(0, 0, 200, 400)), rects)
	scroll.Refresh()
	img, ms := marks(t, pv)
	vw := scroll.Size().Width
	if math.Abs(float64(img.Size().Width-(vw-2*pageMargin))) > 0.5 || math.Abs(float64(img.Size().Height-2*img.Size().Width)) > 1 {
		t.Errorf("image drawn at %v in a %v viewport; want fit width, 1:2", img.Size(), scroll.Size())
	}
	if len(ms) != 2 || ms[1].Visible() {
		t.Error("a rect with x1 < x0 is drawn")
	}
	pv.setPage(pv.img, rects[:1])
	assertAligned(t, pv, rects[:1])

	// Zoomed out below the viewport, the page is centred across.
	pv.zoom = 0.5
	scroll.Refresh()
	if got, want := img.Position().X, (pv.Size().Width-img.Size().Width)/2; math.Abs(float64(got-want)) > 0.5 {
		t.Errorf("zoomed-out page at x %v, want centred at %v", got, want)
	}
	assertAligned(t, pv, rects[:1])

	test.Tap(pv)
	if w.Canvas().Focused() != pv {
		t.Error("tapping the page does not give it the keyboard")
	}
}

func TestCropRect(t *testing.T) {
	page := image.Rect(0, 0, 1000, 2000)
	for _, c := range []struct {
		name   string
		bounds image.Rectangle
		rects  []app.Rect
		margin float64
		want   image.Rectangle
		ok     bool
	}{
		{"UnionWithMargin", page, []app.Rect{
			{Page: 2, X0: 0.2, Y0: 0.5, X1: 0.6, Y1: 0.52},
			{Page: 2, X0: 0.1, Y0: 0.53, X1: 0.5, Y1: 0.55},
		}, 0.04, image.Rect(60, 920, 640, 1180), true},
		{"OtherPagesIgnored", page, []app.Rect{
			{Page: 1, X0: 0, Y0: 0, X1: 1, Y1: 1},
			{Page: 2, X0: 0.5, Y0: 0.5, X1: 0.6, Y1: 0.6},
		}, 0, image.Rect(500, 1000, 600, 1200), true},
		{"ClampedToImage", page, []app.Rect{{Page: 2, X0: 0.01, Y0: 0.97, X1: 0.99, Y1: 1.2}}, 0.04, image.Rect(0, 1860, 1000, 2000), true},
		{"OffsetBounds", image.Rect(10, 20, 110, 220), []app.Rect{{Page: 2, X0: 0.5, Y0: 0.5, X1: 1, Y1: 1}}, 0, image.Rect(60, 120, 110, 220), true},
		{"RoundsOutward", image.Rect(0, 0, 3, 3), []app.Rect{{Page: 2, X0: 0.4, Y0: 0.4, X1: 0.5, Y1: 0.5}}, 0, image.Rect(1, 1, 2, 2), true},
		{"NoRectOnPage", page, []app.Rect{{Page: 1, X0: 0, Y0: 0, X1: 1, Y1: 1}}, 0.04, image.Rectangle{}, false},
		{"EmptyRect", page, []app.Rect{{Page: 2, X0: 0.5, Y0: 0.5, X1: 0.5, Y1: 0.9}}, 0.04, image.Rectangle{}, false},
		{"NaN", page, []app.Rect{{Page: 2, X0: math.NaN(), Y0: 0, X1: 1, Y1: 1}}, 0, image.Rect(0, 0, 1000, 2000), true},
		{"EmptyImage", image.Rectangle{}, []app.Rect{{Page: 2, X0: 0, Y0: 0, X1: 1, Y1: 1}}, 0, image.Rectangle{}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := cropRect(c.bounds, c.rects, 2, c.margin)
			if got != c.want || ok != c.ok {
				t.Errorf("cropRect = %v, %v; want %v, %v", got, ok, c.want, c.ok)
			}
		})
	}
}

func TestCitationPages(t *testing.T) {
	for _, c := range []struct {
		name string
		c    app.Citation
		want []int
	}{
		{"Unpaged", app.Citation{LineStart: 3}, nil},
		{"PagesWithHighlights", app.Citation{PageStart: 4, PageEnd: 6, Rects: []app.Rect{
			{Page: 6, X0: 0, Y0: 0, X1: 1, Y1: 1}, {Page: 4, X0: 0, Y0: 0, X1: 1, Y1: 1}, {Page: 6, X0: 0, Y0: 0, X1: 1, Y1: 1},
		}}, []int{4, 6}},
		{"NoHighlightsWholeRange", app.Citation{PageStart: 2, PageEnd: 4, Precision: "page"}, []int{2, 3, 4}},
		{"EndBeforeStart", app.Citation{PageStart: 5}, []int{5}},
		{"HighlightOutsideRangeIgnored", app.Citation{PageStart: 2, PageEnd: 2, Rects: []app.Rect{{Page: 9, X0: 0, Y0: 0, X1: 1, Y1: 1}}}, []int{2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := citationPages(c.c); !slices.Equal(got, c.want) {
				t.Errorf("citationPages = %v, want %v", got, c.want)
			}
		})
	}
	long := citationPages(app.Citation{PageStart: 1, PageEnd: 400, Precision: "section"})
	if len(long) != maxCitationPages {
		t.Errorf("a 400-page section gives %d stops, want %d", len(long), maxCitationPages)
	}
}

func TestCitationHeader(t *testing.T) {
	for _, c := range []struct {
		c     app.Citation
		shown int
		want  string
	}{
		{app.Citation{Section: "Results", PageStart: 4, PageEnd: 4, Precision: "line"}, 4, "Results · page 4 · the lines are highlighted"},
		{app.Citation{PageStart: 4, PageEnd: 5, Precision: "page"}, 5, "pages 4–5 · showing page 5 · on this page"},
		{app.Citation{Section: "Intro", LineStart: 2, LineEnd: 9, Precision: "section"}, 0, "Intro · lines 2–9 · in this section"},
		{app.Citation{Section: "Intro", Precision: "bogus"}, 0, "Intro"},
	} {
		if got := citationHeader(c.c, c.c.Section, c.c.LineStart, c.c.LineEnd, c.shown); got != c.want {
			t.Errorf("citationHeader(%+v) = %q, want %q", c.c, got, c.want)
		}
	}
}

func writeFile(path, content string) error { return os.WriteFile(path, []byte(content), 0o600) }
