package pdf

import (
	"strings"
	"testing"

	"archivist/app"
)

// contentsDoc has a cover, a contents page and 33 body pages whose
// printed numbers start at 1 on the third physical page. Every page has a
// "Table of Contents" running header. The contents lists a chapter the
// body lacks ("Phantom Chapter"); the 26-page "Long Appendix" has two
// headings of its own. footers prints the page numbers; labels adds
// page labels instead.
func contentsDoc(t testing.TB, footers, labels bool) []byte {
	g := newGen()
	const pages = 35
	body := "The archive keeps letters, ledgers and minutes of the county office, and this page describes a part of them in plain words so that the reader can follow. "
	headings := map[int][2]string{ // physical page → heading, level
		3: {"Introduction", "1"}, 5: {"Methods", "1"}, 7: {"Results", "1"}, 10: {"Long Appendix", "1"},
		12: {"Appendix Part A", "2"}, 25: {"Appendix Part B", "2"},
	}
	for pg := 1; pg <= pages; pg++ {
		g.AddPage()
		g.SetFont("Helvetica", "", 9)
		g.text(36, 30, "Table of Contents")
		switch pg {
		case 1:
			g.SetFont("Helvetica", "B", 24)
			g.text(72, 200, "Annual Report of the County Archive")
			continue
		case 2:
			g.SetFont("Helvetica", "B", 16)
			g.text(72, 90, "Contents")
			g.SetFont("Times", "", 11)
			y := 130.0
			for _, e := range [][2]string{{"Introduction", "1"}, {"Methods", "3"}, {"Results", "5"}, {"Long Appendix", "8"}, {"Appendix Part A", "10"}, {"Phantom Chapter", "30"}} {
				x := 72.0
				if e[0] == "Appendix Part A" {
					x = 90
				}
				if e[0] == "Methods" {
					g.text(x, y, e[0]+" . . . . . . . . . . . . . . . . "+e[1])
				} else {
					g.text(x, y, e[0])
					g.text(500, y, e[1])
				}
				y += 18
			}
			continue
		}
		y := 90.0
		if h, ok := headings[pg]; ok {
			size := 16.0
			if h[1] == "2" {
				size = 13
			}
			g.SetFont("Helvetica", "B", size)
			g.text(72, y, h[0])
			y += 30
		}
		g.SetFont("Times", "", 11)
		g.paragraph(72, y, 460, 14, strings.Repeat(body, 4))
		if footers {
			g.SetFont("Times", "", 10)
			g.text(300, 760, itoa(pg-2))
		}
	}
	data := g.bytes(t)
	if labels {
		data = patch(t, data, nil, "/PageLabels << /Nums [0 << /S /r >> 2 << /S /D >>] >>")
	}
	return data
}

// TestContentsSections: without an outline, the contents page gives the
// tree: entries placed on their physical pages by printed footers, page
// labels, or where their titles occur; an entry the body lacks is left
// out; the running header is no section; the long appendix is split at
// its own headings.
func TestContentsSections(t *testing.T) {
	for _, c := range []struct {
		name            string
		footers, labels bool
	}{{"Footers", true, false}, {"Labels", false, true}, {"Search", false, false}} {
		t.Run(c.name, func(t *testing.T) {
			p, src, err := testEngine(t).parse(t.Context(), contentsDoc(t, c.footers, c.labels), "")
			if err != nil {
				t.Fatal(err)
			}
			if src != treeContents {
				t.Errorf("tree from %s, want contents", src)
			}
			var got []string
			for _, s := range p.Sections[1:] {
				got = append(got, s.Heading+"@"+itoa(s.Level)+"p"+itoa(s.PageStart)+"-"+itoa(s.PageEnd)+"^"+itoa(s.Parent))
			}
			want := "Introduction@1p3-4^0 Methods@1p5-6^0 Results@1p7-9^0 Long Appendix@1p10-35^0 Appendix Part A@2p12-24^4 Appendix Part B@2p25-35^4"
			if strings.Join(got, " ") != want {
				t.Errorf("sections\n%s\nwant\n%s", strings.Join(got, " "), want)
			}
			for _, b := range p.Blocks {
				if b.Text == "Table of Contents" && b.Kind == app.BlockHeading {
					t.Errorf("running header is a heading on page %d", b.Page)
				}
			}
			if errs := checkParsed(p); errs != nil {
				t.Error(errs)
			}
		})
	}
}
