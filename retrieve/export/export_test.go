package export_test

import (
	"bytes"
	"context"
	"io"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"archivist/app"
	"archivist/ingest"
	"archivist/retrieve/export"
	"archivist/store"
)

// a4 is the size of an A4 page in PDF points.
const a4W, a4H = 595.28, 841.89

// threePages is a PDF of three A4 pages, the third turned 90° clockwise.
func threePages(t *testing.T) []byte {
	t.Helper()
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetFont("Helvetica", "", 12)
	for i := 1; i <= 3; i++ {
		pdf.AddPage()
		pdf.Text(20, 40, "Page "+string(rune('0'+i))+" of the harbour report.")
	}
	var raw bytes.Buffer
	if err := pdf.Output(&raw); err != nil {
		t.Fatal(err)
	}
	var rotated bytes.Buffer
	if err := api.Rotate(bytes.NewReader(raw.Bytes()), &rotated, 90, []string{"3"}, nil); err != nil {
		t.Fatal(err)
	}
	return rotated.Bytes()
}

func library(t *testing.T, pdf []byte) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sum, size, err := db.PutBlob(bytes.NewReader(pdf))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []*app.Document{
		{ID: "report", Title: "Harbour Report", Filename: "report.pdf", Format: app.FormatPDF, SHA256: sum, SizeBytes: size},
		{ID: "notes", Title: "Keeper Notes", Filename: "notes.md", Format: app.FormatMarkdown, SHA256: "md-sum", SizeBytes: 10},
	} {
		if _, err := db.EnqueueImport(ctx, d, "job-"+d.ID, ""); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

func answer() *app.Answer {
	return &app.Answer{
		Question: "What did the storm break?", Answer: "The storm broke two panes [1] and the pier light [2][3]; the keeper noted it [4].",
		Sufficient: true, TraceToken: "tok-1",
		Citations: []app.Citation{
			{N: 1, DocumentID: "report", Title: "Harbour Report", Quote: "The storm broke two panes.", PageStart: 2, PageEnd: 2, Precision: "line",
				Rects: []app.Rect{{Page: 2, X0: 0.1, Y0: 0.2, X1: 0.5, Y1: 0.22}, {Page: 2, X0: 0.1, Y0: 0.23, X1: 0.4, Y1: 0.25}}},
			{N: 2, DocumentID: "report", Title: "Harbour Report", Quote: "The pier light failed.", PageStart: 3, PageEnd: 3, Precision: "line",
				Rects: []app.Rect{{Page: 3, X0: 0.1, Y0: 0.2, X1: 0.3, Y1: 0.25}}},
			{N: 3, DocumentID: "report", Title: "Harbour Report", PageStart: 1, PageEnd: 1, Precision: "page", Rects: []app.Rect{}},
			{N: 4, DocumentID: "notes", Title: "Keeper Notes", Section: "Storm", Quote: "Keeper logged the broken panes.", LineStart: 3, LineEnd: 3, Precision: "line"},
		},
	}
}

func TestWrite(t *testing.T) {
	db := library(t, threePages(t))
	var out bytes.Buffer
	res, err := export.Write(context.Background(), ingest.Originals{DB: db}, answer(), &out)
	if err != nil {
		t.Fatal(err)
	}
	pdf := out.Bytes()
	ctx, err := api.ReadContext(bytes.NewReader(pdf), model.NewDefaultConfiguration())
	if err == nil {
		err = api.ValidateContext(ctx)
	}
	if err != nil {
		t.Fatalf("the export does not read back: %v", err)
	}
	// The cover, then the cited pages 1, 2 and 3 in page order.
	if ctx.PageCount != 4 || res.Pages != 4 || res.Highlights != 3 {
		t.Fatalf("%d pages (result %+v), want 4 with 3 highlights", ctx.PageCount, res)
	}
	annots, err := api.Annotations(bytes.NewReader(pdf), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rects := func(page int) [][4]float64 {
		var out [][4]float64
		for _, a := range annots[page][model.AnnHighLight].Map {
			r := a.Rectangle()
			out = append(out, [4]float64{r.LL.X, r.LL.Y, r.UR.X, r.UR.Y})
		}
		sort.Slice(out, func(i, j int) bool { return out[i][3] > out[j][3] })
		return out
	}
	for _, page := range []int{1, 2} {
		if n := len(rects(page)); n != 0 {
			t.Errorf("page %d has %d highlights, want none (cover; page-level citation)", page, n)
		}
	}
	// Page 2 of the report, upright: x from the left, y flipped.
	want := [][4]float64{
		{0.1 * a4W, (1 - 0.22) * a4H, 0.5 * a4W, (1 - 0.2) * a4H},
		{0.1 * a4W, (1 - 0.25) * a4H, 0.4 * a4W, (1 - 0.23) * a4H},
	}
	checkRects(t, "report page 2", rects(3), want)
	// Page 3, shown turned clockwise: the displayed top-left is the
	// unrotated bottom-left; displayed x runs up the page, y across.
	checkRects(t, "report page 3 (rotated)", rects(4), [][4]float64{{0.2 * a4W, 0.1 * a4H, 0.25 * a4W, 0.3 * a4H}})

	cover := content(t, pdf, "1")
	for _, s := range []string{"What did the storm break?", "Keeper logged the broken panes.", "The storm broke two panes.", "Keeper Notes"} {
		if !strings.Contains(cover, s) {
			t.Errorf("the cover lacks %q", s)
		}
	}
}

func checkRects(t *testing.T, what string, got, want [][4]float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: highlights %v, want %v", what, got, want)
	}
	for i := range want {
		for k := 0; k < 4; k++ {
			if math.Abs(got[i][k]-want[i][k]) > 0.05 {
				t.Fatalf("%s: highlight %d = %v, want %v", what, i, got[i], want[i])
			}
		}
	}
}

// content returns the raw content stream of the selected page, where the
// core fonts' text stands in literal strings.
func content(t *testing.T, pdf []byte, page string) string {
	t.Helper()
	var b strings.Builder
	err := api.ExtractContent(bytes.NewReader(pdf), []string{page}, func(r io.Reader, _ int) error {
		_, err := io.Copy(&b, r)
		return err
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteRefusals(t *testing.T) {
	db := library(t, threePages(t))
	t.Run("NothingCited", func(t *testing.T) {
		_, err := export.Write(context.Background(), ingest.Originals{DB: db}, &app.Answer{Answer: app.InsufficientEvidence}, io.Discard)
		if app.ErrorCode(err) != app.ENoEvidence {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("MissingDocumentListedOnCover", func(t *testing.T) {
		ans := answer()
		ans.Citations[0].DocumentID = "gone"
		var out bytes.Buffer
		res, err := export.Write(context.Background(), ingest.Originals{DB: db}, ans, &out)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Skipped) != 1 || res.Pages != 3 || res.Highlights != 1 {
			t.Fatalf("result %+v", res)
		}
		if !strings.Contains(content(t, out.Bytes(), "1"), "not copied") {
			t.Fatal("the cover does not say what is missing")
		}
	})
}
