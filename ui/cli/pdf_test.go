package cli

import (
	"context"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"

	"archivist/app"
)

// writePDF makes a two-page Letter PDF with an outline: a title, a section
// per page, and sentences a question can find. password, when set,
// encrypts it.
func writePDF(t *testing.T, path, password string) {
	t.Helper()
	pdf := fpdf.New("P", "pt", "Letter", "")
	if password != "" {
		pdf.SetProtection(fpdf.CnProtectPrint, password, "owner-"+password)
	}
	pdf.SetTitle("Harbour Survey", true)
	pages := []struct{ heading, body string }{
		{"Tides", "The harbour survey measured tides for a full year. The highest spring tide reached 4.2 metres in March. Neap tides stayed below 2 metres."},
		{"Dredging", "Dredging of the inner basin is planned for 2027. The channel will be deepened to 11 metres to admit larger ferries."},
	}
	for _, pg := range pages {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "B", 20)
		pdf.Bookmark(pg.heading, 0, -1)
		pdf.Text(72, 90, pg.heading)
		pdf.SetFont("Helvetica", "", 11)
		pdf.SetXY(72, 110)
		pdf.MultiCell(468, 15, pg.body, "", "L", false)
	}
	if err := pdf.OutputFileAndClose(path); err != nil {
		t.Fatal(err)
	}
}

func TestPDFEndToEnd(t *testing.T) {
	lib := t.TempDir()
	src := t.TempDir()
	plain := filepath.Join(src, "survey.pdf")
	writePDF(t, plain, "")

	out, errOut, code := cli(t, lib, "import", plain)
	if code != 0 || !strings.HasPrefix(out, "imported: ") {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}
	id := strings.TrimSuffix(strings.SplitN(strings.TrimSpace(out), "(", 2)[1], ")")

	t.Run("AskCitesLinesOnThePage", func(t *testing.T) {
		out, _, code := cli(t, lib, "ask", "--json", "How deep will the channel be dredged?")
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		var ans app.Answer
		if err := json.Unmarshal([]byte(out), &ans); err != nil {
			t.Fatal(err)
		}
		if !ans.Sufficient || len(ans.Citations) == 0 {
			t.Fatalf("answer = %s", out)
		}
		c := ans.Citations[0]
		if !strings.Contains(c.Quote, "deepened to 11 metres") || c.PageStart != 2 || c.PageEnd != 2 || c.Precision != "line" {
			t.Fatalf("citation = %+v", c)
		}
		if len(c.Rects) == 0 {
			t.Fatal("no highlight rectangles")
		}
		for _, r := range c.Rects {
			if r.Page != 2 || !(0 <= r.X0 && r.X0 < r.X1 && r.X1 <= 1 && 0 <= r.Y0 && r.Y0 < r.Y1 && r.Y1 <= 1) {
				t.Errorf("rect %+v is not a normalised box on page 2", r)
			}
			// The body starts 72 pt from the left and 110 pt from the top of
			// a 612 × 792 pt page.
			if r.X0 < 70.0/612 || r.Y0 < 105.0/792 || r.Y1 > 200.0/792 {
				t.Errorf("rect %+v is not where the sentence was drawn", r)
			}
		}
	})
	t.Run("Show", func(t *testing.T) {
		out, _, code := cli(t, lib, "show", "--json", id)
		if code != 0 {
			t.Fatalf("exit %d", code)
		}
		var shown struct {
			Document map[string]any
			Sections []struct {
				Title     string
				PageStart int `json:"page_start"`
				PageEnd   int `json:"page_end"`
			}
			Pages []struct {
				N      int
				Words  int
				Width  float64
				Height float64
			}
		}
		if err := json.Unmarshal([]byte(out), &shown); err != nil {
			t.Fatal(err, out)
		}
		if shown.Document["pages"] != float64(2) || len(shown.Pages) != 2 || shown.Pages[1].Width != 612 || shown.Pages[1].Words == 0 {
			t.Fatalf("show = %s", out)
		}
		if len(shown.Sections) != 2 || shown.Sections[1].Title != "Dredging" || shown.Sections[1].PageStart != 2 {
			t.Fatalf("sections = %+v", shown.Sections)
		}
	})
	t.Run("PageImage", func(t *testing.T) {
		p, err := open(context.Background(), lib)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		path, err := p.Importer.PageImage(context.Background(), id, 2)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cfg, err := png.DecodeConfig(f)
		if err != nil || cfg.Width != 1224 || cfg.Height != 1584 {
			t.Fatalf("page image %dx%d, %v; want 1224x1584 (Letter at 144 dpi)", cfg.Width, cfg.Height, err)
		}
		if _, err := p.Importer.PageImage(context.Background(), id, 3); app.ErrorCode(err) != app.ENotFound {
			t.Fatalf("page 3 of 2: %v", err)
		}
	})
	t.Run("Password", func(t *testing.T) {
		locked := filepath.Join(src, "locked.pdf")
		writePDF(t, locked, "s3cret")
		out, _, code := cli(t, lib, "import", locked)
		if code != 1 || !strings.Contains(out, "password") {
			t.Fatalf("import without password: exit %d, %q", code, out)
		}
		out, _, code = cli(t, lib, "import", "--password", "wrong", locked)
		if code != 1 || !strings.Contains(out, "password") {
			t.Fatalf("import with a wrong password: exit %d, %q", code, out)
		}
		out, _, code = cli(t, lib, "import", "--password", "s3cret", locked)
		if code != 0 || !strings.HasPrefix(out, "imported: ") {
			t.Fatalf("import with the password: exit %d, %q", code, out)
		}
	})
}
