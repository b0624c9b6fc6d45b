package pdf

import (
	"fmt"
	"strings"
	"testing"
)

// paperDoc draws a first page as preprint servers print it: a title,
// authors and affiliations across both columns, an identifier running up
// the left margin, and two columns of prose whose lines break words with
// hyphens.
func paperDoc(t testing.TB) []byte {
	g := newGen()
	g.AddPage()
	g.SetFont("Times", "B", 16)
	g.text(100, 70, "EVIDENCE ROUTING FOR LONG DOCUMENTS VIA AB-")
	g.text(100, 88, "STRACTION IN PRACTICE AND IN THEORY")
	g.SetFont("Times", "", 11)
	g.text(150, 140, "Ada Lovelace and Charles Babbage and Mary Somerville")
	g.text(140, 154, "Analytical Engine Society, London and Royal Institution")
	g.text(130, 168, "ada@example.org charles@example.org mary@example.org now")
	g.text(160, 182, "Presented at the Workshop on Archives and Retrieval")
	g.TransformBegin()
	g.TransformRotate(90, 30, 600)
	g.SetFont("Times", "", 20)
	g.Text(30, 600, "arXiv:2401.01234v2 [cs.IR] 3 Feb 2024")
	g.TransformEnd()
	g.SetFont("Times", "", 10)
	left := []string{"Left column opens the study of routing", "and the reader follows it down the page", "where every line continues the argu-",
		"ment about evidence and its pages", "until the column comes to its end", "after many lines of plain prose text", "that a careful reader reads in order",
		"before the right column begins its", "own account of the experiment that", "the authors ran on real documents", "with GPT-", "4 and smaller models as judges"}
	right := []string{"Right column starts after the left", "one and describes the results of", "the evaluation on several bench-",
		"marks of long documents with pages", "and tables and figures and notes", "which the system reads as sections", "with headings and passages inside",
		"so that a question finds its answer", "on the page where it is printed", "and a citation can show that page", "to the reader who asked about it",
		"with the quoted lines highlighted"}
	for k := range 12 {
		left = append(left, fmt.Sprintf("plain line %d of the left column of prose", k))
		right = append(right, fmt.Sprintf("plain line %d of the right column of prose", k))
	}
	// Column by column, as typesetters write them.
	for i := range left {
		g.text(72, 210+float64(i)*13, left[i])
	}
	for i := range right {
		g.text(320, 210+float64(i)*13, right[i])
	}
	return g.bytes(t)
}

// TestPaperPage: the identifier up the margin, set at right angles to the
// lines, is left out rather than read as a stack of letters mixed into the
// lines (it was taken for the title); the columns read one after the other
// although the title block runs across both; words broken at a line end
// read whole.
func TestPaperPage(t *testing.T) {
	p := mustParse(t, paperDoc(t))
	if p.Title != "EVIDENCE ROUTING FOR LONG DOCUMENTS VIA ABSTRACTION IN PRACTICE AND IN THEORY" {
		t.Errorf("title %q", p.Title)
	}
	var all []string
	for _, b := range p.Blocks {
		all = append(all, b.Text)
		for _, w := range strings.Fields(b.Text) {
			if strings.ContainsAny(w, "[]:") || w == "X" || w == "v" {
				t.Errorf("margin text %q read into block %q", w, b.Text)
			}
		}
	}
	text := strings.Join(all, "\n")
	l, r := strings.Index(text, "plain line 11 of the left column"), strings.Index(text, "Right column starts")
	if l < 0 || r < 0 || l > r {
		t.Errorf("columns out of order:\n%s", text)
	}
	for _, want := range []string{"argument", "benchmarks", "GPT-4"} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), want) {
			t.Errorf("%q not read whole:\n%s", want, text)
		}
	}
	for _, bad := range []string{"argu\n", "bench\n", "\nment", "\nmarks"} {
		if strings.Contains(text, bad) {
			t.Errorf("broken word %q left in:\n%s", bad, text)
		}
	}
	if t.Failed() {
		fmt.Println(text)
	}
}

// TestRunningHeaderTitle: a paper that repeats its title as the running
// header of every page is still titled by it, not by its first section
// heading ("ABSTRACT").
func TestRunningHeaderTitle(t *testing.T) {
	g := newGen()
	const title = "Taking a Step Back in Long Document Reading"
	for n := range 5 {
		g.AddPage()
		if n == 0 {
			g.SetFont("Times", "", 17)
			g.text(90, 80, title)
			g.SetFont("Times", "", 12)
			g.text(260, 130, "ABSTRACT")
		} else {
			g.SetFont("Times", "", 9)
			g.text(200, 40, title)
		}
		g.SetFont("Times", "", 10)
		g.paragraph(72, 160, 460, 12, strings.Repeat(fmt.Sprintf("Page %d reads on about stepping back before answering. ", n+1), 12))
	}
	p := mustParse(t, g.bytes(t))
	if p.Title != title {
		t.Errorf("title %q, want %q", p.Title, title)
	}
}

// TestJoinBrokenOnlyOnTheNextLine: a word broken at the foot of a column
// is not joined to the next word PDFium gives (the page's footer), and a
// break whose next word starts right of it (the next column) is left too.
func TestJoinBrokenOnlyOnTheNextLine(t *testing.T) {
	w := func(text string, x0, y0 float64) word {
		return word{text: text, box: box{x0, y0, x0 + 30, y0 + 10}, size: 10}
	}
	for _, c := range []struct {
		name string
		next word
		want string
	}{
		{"next line", w("hibit", 72, 112), "exhibit"},
		{"footer far below", w("VerDate", 72, 740), "ex VerDate"},
		{"next column", w("hibit", 320, 112), "ex hibit"},
	} {
		words := joinBroken([]word{w("ex", 250, 100), c.next}, map[int]bool{0: true})
		var got []string
		for _, x := range words {
			got = append(got, x.text)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %q, want %q", c.name, strings.Join(got, " "), c.want)
		}
	}
}
