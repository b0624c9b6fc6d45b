package pdf

import "testing"

// TestFilingTitle: an SEC cover page is titled by its filer, form and
// period, not by the regulator's name it opens with.
func TestFilingTitle(t *testing.T) {
	for _, c := range []struct{ form, period, want string }{
		{"FORM 10-K", "For the fiscal year ended December 31, 2022", "Example Holdings Inc. 10-K 2022 (year ended December 31, 2022)"},
		{"FORM 10-Q", "For the quarterly period ended JULY 29, 2023", "Example Holdings Inc. 10-Q July 2023 (quarter ended July 29, 2023)"},
		{"FORM 8-K", "Date of Report (Date of earliest event reported): July 1, 2022", "Example Holdings Inc. 8-K July 1, 2022"},
	} {
		if p := mustParse(t, coverPage(t, c.form, c.period)); p.Title != c.want {
			t.Errorf("title %q, want %q", p.Title, c.want)
		}
	}
}

// coverPage draws an SEC cover page with the given form and period lines.
func coverPage(t *testing.T, form, period string) []byte {
	return coverPageOn(t, newGen(), form, period)
}

// coverPageOn draws the cover page on g.
func coverPageOn(t *testing.T, g *gen, form, period string) []byte {
	g.AddPage()
	g.SetFont("Helvetica", "B", 16)
	g.text(160, 70, "UNITED STATES")
	g.text(110, 90, "SECURITIES AND EXCHANGE COMMISSION")
	g.SetFont("Helvetica", "", 10)
	g.text(240, 108, "Washington, D.C. 20549")
	g.SetFont("Helvetica", "B", 14)
	g.text(250, 135, form)
	g.SetFont("Helvetica", "", 10)
	g.text(100, 160, "ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934")
	g.text(150, 176, period)
	g.text(230, 200, "Commission file number: 1-8606")
	g.SetFont("Helvetica", "B", 14)
	g.text(200, 230, "Example Holdings Inc.")
	g.SetFont("Helvetica", "", 9)
	g.text(190, 246, "(Exact name of registrant as specified in its charter)")
	g.SetFont("Helvetica", "", 10)
	g.text(72, 280, "Indicate by check mark whether the registrant is a well-known seasoned issuer, as defined in Rule 405.")
	return g.bytes(t)
}

// TestFilingTitleOverToolTitle: a title a filer's tools wrote that names
// the filer by a ticker or not at all gives way to the cover's; one that
// names the filer stays.
func TestFilingTitleOverToolTitle(t *testing.T) {
	for meta, want := range map[string]string{
		"CORP Q1 2021":                    "Example Holdings Inc. 10-K 2022 (year ended December 31, 2022)",
		"EXH 10K FY22":                    "Example Holdings Inc. 10-K 2022 (year ended December 31, 2022)",
		"Form 10-K for Example INC filed": "Form 10-K for Example INC filed",
	} {
		g := newGen()
		g.SetTitle(meta, true)
		if p := mustParse(t, coverPageOn(t, g, "FORM 10-K", "For the fiscal year ended December 31, 2022")); p.Title != want {
			t.Errorf("metadata title %q: title %q, want %q", meta, p.Title, want)
		}
	}
	for _, c := range []struct {
		title, filer string
		want         bool
	}{
		{"Form 10-K for Pepsico INC filed 02/09/2023", "PepsiCo, Inc.", true},
		{"10-K - 02/08/2023 - 3M Company", "3M COMPANY", true},
		{"LMT Q4 2022 10K", "LOCKHEED MARTIN CORPORATION", false},
		{"Annual report", "Inc.", false},
	} {
		if got := namesFiler(c.title, c.filer); got != c.want {
			t.Errorf("namesFiler(%q, %q) = %v, want %v", c.title, c.filer, got, c.want)
		}
	}
}

// TestRealFilingTitle: the same on a real annual report whose cover is
// its largest text.
func TestRealFilingTitle(t *testing.T) {
	p := mustParse(t, sharedFile(t, "eval/financebench/pdfs/VERIZON_2022_10K.pdf"))
	if want := "Verizon Communications Inc. 10-K 2022 (VZ; year ended December 31, 2022)"; p.Title != want {
		t.Errorf("title %q, want %q", p.Title, want)
	}
}

// TestRealToolTitles: covers whose period is set as two blocks beside the
// file number, under titles a filer's tools wrote, are titled by the
// cover.
func TestRealToolTitles(t *testing.T) {
	for file, want := range map[string]string{
		"JPMORGAN_2022Q2_10Q.pdf":     "JPMorgan Chase & Co. 10-Q June 2022 (JPM; quarter ended June 30, 2022)",
		"LOCKHEEDMARTIN_2022_10K.pdf": "LOCKHEED MARTIN CORPORATION 10-K 2022 (LMT; year ended December 31, 2022)",
	} {
		if p := mustParse(t, sharedFile(t, "eval/financebench/pdfs/"+file)); p.Title != want {
			t.Errorf("%s: title %q, want %q", file, p.Title, want)
		}
	}
}
