package html

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
	"archivist/ingest/internal/parsetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ingest/html")

const testdata = "../../testdata/ingest/html"

func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(testdata, "*.html"))
	if len(files) == 0 {
		t.Fatal("no HTML fixtures in " + testdata)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			p := parse(t, src)
			parsetest.Golden(t, f+".json", parsetest.ViewOf(p), *update)
		})
	}
}

func parseFile(t *testing.T, name string) *app.Parsed {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(testdata, name))
	if err != nil {
		t.Fatal(err)
	}
	return parse(t, src)
}

// texts returns the text of the blocks of kind, or of all blocks when
// kind is "".
func texts(p *app.Parsed, kind app.BlockKind) []string {
	var out []string
	for _, b := range p.Blocks {
		if kind == "" || b.Kind == kind {
			out = append(out, b.Text)
		}
	}
	return out
}

func headings(p *app.Parsed) []string {
	var h []string
	for _, s := range p.Sections[1:] {
		h = append(h, fmt.Sprintf("%d:%s", s.Level, s.Heading))
	}
	return h
}

func TestTables(t *testing.T) {
	p := parseFile(t, "tables.html")
	tables := texts(p, app.BlockTable)
	if len(tables) != 2 {
		t.Fatalf("tables = %q, want 2 (the layout table is not one)", tables)
	}
	t.Run("SpansRepeatTheirText", func(t *testing.T) {
		// thead rows come first though the source has them after tbody,
		// tfoot last; a spanned cell's text is in every row and column
		// it covers; an empty cell stays in its column.
		want := strings.Join([]string{
			"Region | Quarter | Revenue | Revenue",
			"Region | Quarter | 2023 | 2024",
			"North | Q1 | 10 | 12",
			"North | Q2 | 15 (both years) | 15 (both years)",
			"South | Q1 |  | 9",
			"Total | Total | 25 | 36",
		}, "\n")
		if tables[0] != want {
			t.Errorf("table =\n%s\nwant\n%s", tables[0], want)
		}
	})
	t.Run("CaptionBeforeTable", func(t *testing.T) {
		for i, b := range p.Blocks {
			if b.Kind == app.BlockTable {
				if i == 0 || p.Blocks[i-1].Kind != app.BlockCaption || p.Blocks[i-1].Text != "Table 1. Sales by region" {
					t.Errorf("block before the table = %+v, want its caption", p.Blocks[i-1])
				}
				return
			}
		}
	})
	t.Run("RowspanZeroFillsTheGroup", func(t *testing.T) {
		if want := "Group | Item\nAll | one\nAll | two\nAll | three"; tables[1] != want {
			t.Errorf("table =\n%s\nwant\n%s", tables[1], want)
		}
	})
	t.Run("LayoutTableCellsAreBlocks", func(t *testing.T) {
		got := strings.Join(headings(p), ", ")
		if !strings.Contains(got, "3:Right column heading") {
			t.Errorf("headings = %s, want the layout table's h3", got)
		}
		if paras := strings.Join(texts(p, app.BlockParagraph), "|"); !strings.Contains(paras, "Left column text, read as a paragraph.") {
			t.Errorf("paragraphs = %s", paras)
		}
	})
	t.Run("Lines", func(t *testing.T) {
		for _, b := range p.Blocks {
			if b.Kind == app.BlockTable && strings.HasPrefix(b.Text, "Region") {
				// The table's first row in the source is on line 10, its
				// last (the tfoot row) on 19.
				if b.LineStart != 10 || b.LineEnd != 19 {
					t.Errorf("table lines %d–%d, want 10–19", b.LineStart, b.LineEnd)
				}
			}
		}
	})
}

func TestAbsurdSpans(t *testing.T) {
	// A few bytes asking for millions of cells are laid out without
	// spanning, quickly and without losing a cell.
	var b strings.Builder
	b.WriteString("<table>")
	for i := range 200 {
		fmt.Fprintf(&b, `<tr><td colspan="1000" rowspan="65534">cell %d</td><td>x</td></tr>`, i)
	}
	b.WriteString("</table>")
	p := parse(t, []byte(b.String()))
	tables := texts(p, app.BlockTable)
	if len(tables) != 1 {
		t.Fatalf("tables = %d, want 1", len(tables))
	}
	rows := strings.Split(tables[0], "\n")
	if len(rows) != 200 || rows[0] != "cell 0 | x" || rows[199] != "cell 199 | x" {
		t.Errorf("%d rows, first %q, last %q", len(rows), rows[0], rows[len(rows)-1])
	}
}

func TestNestedLists(t *testing.T) {
	p := parseFile(t, "lists.html")
	got := texts(p, app.BlockListItem)
	want := []string{"Fruit", "Apples", "Pears", "Conference", "Williams", "Bread", "(wholemeal)", "Term",
		"Its definition, with a link."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("list items = %q\nwant %q", got, want)
	}
}

func TestHiddenNeverText(t *testing.T) {
	p := parseFile(t, "hidden.html")
	all := strings.Join(texts(p, ""), "\n")
	for _, bad := range []string{"secret", "Hidden", "Invisible", "JavaScript", "Template", "Search", "query",
		"Go", "Sidebar", "Role navigation", "Home", "About", "header banner", "footer", "Drawing", "color"} {
		if strings.Contains(all, bad) {
			t.Errorf("%q came through:\n%s", bad, all)
		}
	}
	if want := "Visible heading\nVisible paragraph one.\nVisible paragraph two."; all != want {
		t.Errorf("text =\n%s\nwant\n%s", all, want)
	}
	if p.Title != "Hidden things" {
		t.Errorf("title = %q", p.Title)
	}
}

func TestArticle(t *testing.T) {
	p := parseFile(t, "article.html")
	all := strings.Join(texts(p, ""), "\n")
	for _, bad := range []string{"Subscribe", "Politics", "Comment from a reader", "Related"} {
		if strings.Contains(all, bad) {
			t.Errorf("%q outside the article came through", bad)
		}
	}
	kinds := map[app.BlockKind][]string{}
	for _, b := range p.Blocks {
		kinds[b.Kind] = append(kinds[b.Kind], b.Text)
	}
	checks := []struct {
		kind app.BlockKind
		want []string
	}{
		{app.BlockHeading, []string{"A long article", "Background", "Details"}},
		{app.BlockQuote, []string{"A quoted passage.", "— Someone"}},
		{app.BlockCaption, []string{"Figure 1. A chart of things."}},
		{app.BlockCode, []string{"func main() {\n\tfmt.Println(\"hello\")\n}"}},
		{app.BlockParagraph, []string{
			"By A. Writer",
			"The first paragraph of the article, long enough to be most of the page's text and then some more words.",
			"A second paragraph explains the background, with emphasis, a link and code.",
			"Lines broken by one br stay in one paragraph.",
			"Text written without paragraphs",
			"is split at two brs.",
			"Tags: things",
		}},
	}
	for _, c := range checks {
		if got := kinds[c.kind]; strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s blocks = %q\nwant %q", c.kind, got, c.want)
		}
	}
	if got := strings.Join(headings(p), ", "); got != "1:A long article, 2:Background, 2:Details" {
		t.Errorf("sections = %s", got)
	}
	if p.Sections[2].Parent != 1 || p.Sections[3].Parent != 1 {
		t.Errorf("h2 sections should be under the h1: %+v", p.Sections)
	}
	for _, b := range p.Blocks {
		if b.Kind == app.BlockCode && (b.LineStart != 25 || b.LineEnd != 27) {
			t.Errorf("code block lines %d–%d, want 25–27", b.LineStart, b.LineEnd)
		}
	}
}

func TestParse(t *testing.T) {
	t.Run("TitleFallsBackToFirstH1", func(t *testing.T) {
		p := parse(t, []byte("<h2>Second</h2><h1>First  <b>one</b></h1><p>x</p>"))
		if p.Title != "First one" {
			t.Errorf("title = %q", p.Title)
		}
	})
	t.Run("SectionTree", func(t *testing.T) {
		p := parse(t, []byte("<p>intro</p><h2>A</h2><h3>A1</h3><h1>B</h1><h3>B1</h3><h2>B2</h2>"))
		var got []int
		for _, s := range p.Sections {
			got = append(got, s.Parent)
		}
		if want := []int{-1, 0, 1, 0, 3, 3}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("parents = %v, want %v", got, want)
		}
		if p.Blocks[0].Section != 0 || p.Blocks[0].Text != "intro" {
			t.Errorf("text before the first heading should be in the root: %+v", p.Blocks[0])
		}
	})
	t.Run("HeadingPermalinkDropped", func(t *testing.T) {
		p := parse(t, []byte(`<h2>Setup <a href="#setup" class="anchor">#</a></h2><h2>C<a href="#c">#</a></h2>`+
			`<table><tr><th>k</th><td><a href="#n1">*</a></td></tr><tr><td>a</td><td>b</td></tr></table>`))
		if got := strings.Join(headings(p), ", "); got != "2:Setup, 2:C" {
			t.Errorf("headings = %s", got)
		}
		if tb := texts(p, app.BlockTable); len(tb) != 1 || tb[0] != "k | *\na | b" {
			t.Errorf("a note link in a table cell must stay: %q", tb)
		}
	})
	t.Run("HeadingInQuoteIsQuote", func(t *testing.T) {
		p := parse(t, []byte("<blockquote><h2>Quoted</h2><p>text</p></blockquote>"))
		if len(p.Sections) != 1 || len(p.Blocks) != 2 || p.Blocks[0].Kind != app.BlockQuote {
			t.Errorf("sections %d, blocks %+v", len(p.Sections), p.Blocks)
		}
	})
	t.Run("WhiteSpaceCollapsed", func(t *testing.T) {
		p := parse(t, []byte("<p>  a\n\t b&nbsp;&nbsp;c\u00ad d\u200b</p>"))
		if got := texts(p, ""); len(got) != 1 || got[0] != "a b c d" {
			t.Errorf("text = %q", got)
		}
	})
	t.Run("CRLFSameAsLF", func(t *testing.T) {
		lf := "<h1>T</h1>\n<p>one\ntwo</p>\n<pre>a\n b</pre>\n"
		a := parsetest.ViewOf(parse(t, []byte(lf)))
		b := parsetest.ViewOf(parse(t, []byte(strings.ReplaceAll(lf, "\n", "\r\n"))))
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("CRLF parses differently:\nLF   %v\nCRLF %v", a, b)
		}
	})
	t.Run("EmptyInput", func(t *testing.T) {
		p := parse(t, nil)
		if len(p.Blocks) != 0 || p.Title != "" || len(p.Sections) != 1 {
			t.Errorf("empty input gave %+v", p)
		}
	})
	t.Run("TinyMainIsNotTheContent", func(t *testing.T) {
		// A <main> holding a sliver of the page is a widget: the body is
		// read instead, so the content is not lost.
		p := parse(t, []byte("<main><p>Widget</p></main><div><p>"+strings.Repeat("Real content. ", 20)+"</p></div>"))
		if all := strings.Join(texts(p, ""), "|"); !strings.Contains(all, "Real content.") {
			t.Errorf("text = %q", all)
		}
	})
	t.Run("DeepNestingSimplified", func(t *testing.T) {
		// x/net/html refuses nesting past 512 elements; the page is read
		// with its markup simplified instead, and says so.
		for _, open := range []string{"<div>", "<table><tr><td>", "<ul><li>"} {
			src := "<h1>Deep</h1>" + strings.Repeat(open, 2000) + "<p>Deep text.</p>"
			p := parse(t, []byte(src))
			all := strings.Join(texts(p, ""), "|")
			if !strings.Contains(all, "Deep text.") || p.Notice == "" {
				t.Errorf("%s×2000: text %q, notice %q", open, all, p.Notice)
			}
		}
	})
	t.Run("Cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := Parse(ctx, []byte("<p>x</p>")); !errors.Is(err, context.Canceled) {
			t.Errorf("err = %v, want context.Canceled", err)
		}
	})
}

func TestDecode(t *testing.T) {
	latin1 := []byte("<meta charset=\"iso-8859-1\"><p>caf\xe9</p>")
	if got := string(Decode(latin1)); !strings.Contains(got, "café") {
		t.Errorf("ISO-8859-1 page decoded as %q", got)
	}
	sjis := []byte("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\"><p>\x93\xfa\x96\x7b</p>")
	if got := string(Decode(sjis)); !strings.Contains(got, "日本") {
		t.Errorf("Shift_JIS page decoded as %q", got)
	}
	utf8 := []byte("<meta charset=\"windows-1252\"><p>café</p>")
	if got := Decode(utf8); !bytes.Equal(got, utf8) {
		t.Errorf("valid UTF-8 changed to %q", got)
	}
	utf16 := []byte{0xFF, 0xFE, '<', 0, 'p', 0, '>', 0, 0xE9, 0}
	if got := string(Decode(utf16)); got != "<p>é" {
		t.Errorf("UTF-16 page decoded as %q", got)
	}
}
