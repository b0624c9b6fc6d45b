package ingest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"archivist/app"
	"archivist/ingest/markdown"
	"archivist/ingest/text"
)

// counter returns an ID source giving "id1", "id2", …
func counter() func() string {
	n := 0
	return func() string { n++; return fmt.Sprintf("id%d", n) }
}

func parseMD(t *testing.T, src string) *app.Parsed {
	t.Helper()
	p, err := markdown.Parse(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	AssignIDs(p, counter())
	return p
}

// build builds the passages of p and checks every invariant on them.
func build(t *testing.T, p *app.Parsed) []app.Passage {
	t.Helper()
	ps := BuildPassages("doc1", "Doc", p)
	checkPassages(t, p, ps)
	return ps
}

// isHeader reports whether span si of ps is a repeated table header: a
// table span from offset 0 followed by another span of the same block.
func isHeader(p *app.Parsed, blocks map[string]int, ps app.Passage, si int) bool {
	sp := ps.Spans[si]
	return p.Blocks[blocks[sp.BlockID]].Kind == app.BlockTable && sp.Start == 0 &&
		si+1 < len(ps.Spans) && ps.Spans[si+1].BlockID == sp.BlockID
}

// repeatedUpTo returns the index of the last span a passage repeats from
// before a table piece (its header row), or -1.
func repeatedUpTo(p *app.Parsed, blocks map[string]int, ps app.Passage) int {
	for si := range ps.Spans {
		if isHeader(p, blocks, ps, si) {
			return si
		}
	}
	return -1
}

// checkPassages fails t for every passage invariant ps breaks.
func checkPassages(t *testing.T, p *app.Parsed, ps []app.Passage) {
	t.Helper()
	blocks := map[string]int{}
	for i, b := range p.Blocks {
		blocks[b.ID] = i
	}
	secOf := map[string]int{}
	for i, s := range p.Sections {
		secOf[s.ID] = i
	}
	covered := make([][]bool, len(p.Blocks))
	unitStarts := make([]map[int]int, len(p.Blocks)) // unit start → end
	for i, b := range p.Blocks {
		covered[i] = make([]bool, len(b.Text))
		unitStarts[i] = map[int]int{}
		for _, u := range splitUnits(nil, i, b.Kind, b.Text, PassageTarget) {
			unitStarts[i][u.start] = u.end
		}
	}
	ids := map[string]bool{}
	for k, pa := range ps {
		if pa.Seq != k || pa.IndexVersion != IndexVersion || pa.Title != "Doc" || pa.DocumentID != "doc1" {
			t.Fatalf("passage %d: seq %d, version %d, title %q, doc %q", k, pa.Seq, pa.IndexVersion, pa.Title, pa.DocumentID)
		}
		if ids[pa.ID] || pa.ID == "" {
			t.Fatalf("passage %d: ID %q empty or repeated", k, pa.ID)
		}
		ids[pa.ID] = true
		sec, ok := secOf[pa.SectionID]
		if !ok {
			t.Fatalf("passage %d: unknown section %q", k, pa.SectionID)
		}
		var parts []string
		seen := map[string]bool{}
		units := 0
		for si, sp := range pa.Spans {
			bi, ok := blocks[sp.BlockID]
			if !ok {
				t.Fatalf("passage %d: unknown block %q", k, sp.BlockID)
			}
			b := p.Blocks[bi]
			if b.Section != sec {
				t.Errorf("passage %d of section %d covers block %d of section %d", k, sec, bi, b.Section)
			}
			if sp.Start < 0 || sp.End > len(b.Text) || sp.Start >= sp.End {
				t.Fatalf("passage %d: span %+v outside block text of %d bytes", k, sp, len(b.Text))
			}
			// A piece of a table repeats, before its rows, the text just
			// before the table, its caption and its header row.
			header := si <= repeatedUpTo(p, blocks, pa)
			if seen[sp.BlockID] && !(si > 0 && isHeader(p, blocks, pa, si-1)) {
				t.Errorf("passage %d: block %q has two spans and the first is no table header", k, sp.BlockID)
			}
			seen[sp.BlockID] = true
			parts = append(parts, b.Text[sp.Start:sp.End])
			for i := sp.Start; i < sp.End; i++ {
				covered[bi][i] = true
			}
			if header {
				continue
			}
			// Spans are whole units.
			for at := sp.Start; at < sp.End; units++ {
				end, ok := unitStarts[bi][at]
				if !ok || end > sp.End {
					t.Fatalf("passage %d: span %+v cuts a unit at %d", k, sp, at)
				}
				at = end
			}
		}
		if got := strings.Join(parts, app.PassageSeparator); pa.Text != got {
			t.Fatalf("passage %d: text is not the join of its spans", k)
		}
		if len(pa.Text) > PassageTarget && units > 1 {
			t.Errorf("passage %d: %d bytes in %d units; only a single unsplittable unit may exceed the target",
				k, len(pa.Text), units)
		}
		if k > 0 && ps[k-1].SectionID == pa.SectionID {
			if n := overlapBytes(p, blocks, ps[k-1], pa); n > PassageOverlap {
				t.Errorf("passages %d and %d overlap by %d bytes", k-1, k, n)
			}
		}
	}
	for bi, c := range covered {
		for i, ok := range c {
			if !ok {
				t.Fatalf("byte %d of block %d (%q…) is in no passage", i, bi, p.Blocks[bi].Text[i:min(i+30, len(c))])
			}
		}
	}
}

// overlapBytes counts the bytes b repeats from a, a repeated table header
// aside.
func overlapBytes(p *app.Parsed, blocks map[string]int, a, b app.Passage) int {
	n := 0
	repeated := repeatedUpTo(p, blocks, b)
	for si, sb := range b.Spans {
		if si <= repeated {
			continue // repeated before a table piece, not overlap
		}
		for _, sa := range a.Spans {
			if sa.BlockID == sb.BlockID {
				n += max(0, min(sa.End, sb.End)-max(sa.Start, sb.Start))
			}
		}
	}
	return n
}

// prose returns n sentences of varied length.
func prose(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "Sentence %d talks about %s. ", i, strings.Repeat("river samples and probes ", i%9+1))
		if i%5 == 4 {
			b.WriteString("\n")
		}
	}
	return strings.TrimSpace(b.String())
}

// tableContext mirrors the builder's bound on repeated context.
const tableContext = 200

func TestBuildPassages(t *testing.T) {
	t.Run("Fixtures", func(t *testing.T) {
		files, _ := filepath.Glob("../testdata/ingest/*.md")
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			build(t, parseMD(t, string(src)))
		}
	})
	t.Run("RealWorld", func(t *testing.T) {
		dir := "../../shared/fixtures/markdown"
		files, _ := filepath.Glob(filepath.Join(dir, "*", "*.md"))
		if len(files) == 0 {
			t.Skipf("shared fixtures not found at %s (they live beside the checkout)", dir)
		}
		for _, f := range append(files, filepath.Join(dir, "gfm_spec/spec.txt")) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			build(t, parseMD(t, string(src)))
		}
	})
	t.Run("LongProse", func(t *testing.T) {
		p := parseMD(t, "# Long\n\n"+prose(200)+"\n\n"+prose(30)+"\n")
		ps := build(t, p)
		if len(ps) < 5 {
			t.Fatalf("%d passages for ~%d bytes of prose", len(ps), len(p.Blocks[1].Text))
		}
		for k := 1; k < len(ps); k++ {
			if overlapBytes(p, map[string]int{p.Blocks[1].ID: 1, p.Blocks[2].ID: 2, p.Blocks[0].ID: 0}, ps[k-1], ps[k]) == 0 {
				t.Errorf("passages %d and %d do not overlap", k-1, k)
			}
			if len(ps[k].Text) < PassageTarget/2 && k < len(ps)-1 {
				t.Errorf("passage %d holds only %d bytes", k, len(ps[k].Text))
			}
		}
		if !strings.HasPrefix(ps[0].Text, "Long\n\nSentence 0") {
			t.Errorf("the heading is not searchable body text: %q", ps[0].Text[:40])
		}
	})
	t.Run("LongSentencesAndNoWhitespace", func(t *testing.T) {
		long := strings.Repeat("word ", 1500)
		glued := strings.Repeat("żółw", 2000) // 2-byte runes, no white space
		p := parseMD(t, "# S\n\n"+long+"\n\n"+glued+"\n\n```\n"+strings.Repeat("x", 5000)+"\nshort line\n```\n")
		for _, pa := range build(t, p) {
			if !utf8.ValidString(pa.Text) {
				t.Errorf("passage %d cuts a rune: %q…", pa.Seq, pa.Text[:20])
			}
			if len(pa.Text) > PassageTarget {
				t.Errorf("passage %d has %d bytes although everything could be split", pa.Seq, len(pa.Text))
			}
		}
	})
	t.Run("TableRepeatsHeader", func(t *testing.T) {
		var b strings.Builder
		b.WriteString("# Prices\n\n| Item | Price per unit in euros |\n|---|---|\n")
		for i := range 300 {
			fmt.Fprintf(&b, "| item number %d | %d.%02d |\n", i, i, i%100)
		}
		ps := build(t, parseMD(t, b.String()))
		if len(ps) < 3 {
			t.Fatalf("%d passages for a 300-row table", len(ps))
		}
		for _, pa := range ps[1:] {
			if !strings.HasPrefix(pa.Text, "Item | Price per unit in euros\n\n") {
				t.Errorf("passage %d does not start with the table header: %q", pa.Seq, pa.Text[:40])
			}
			for _, line := range strings.Split(pa.Text, "\n") {
				if line != "" && !strings.Contains(line, " | ") {
					t.Errorf("passage %d holds a cut row %q", pa.Seq, line)
				}
			}
		}
	})
	t.Run("TablePiecesRepeatCaptionAndContext", func(t *testing.T) {
		var rows strings.Builder
		rows.WriteString("Region | Sales")
		for i := range 400 {
			fmt.Fprintf(&rows, "\nRegion %d | %d", i, i*13)
		}
		intro := strings.Repeat("Background words. ", 30) + "The table below lists sales by region."
		p := &app.Parsed{
			Sections: []app.Section{{ID: "s0", Parent: -1}},
			Blocks: []app.Block{
				{ID: "b0", Seq: 0, Kind: app.BlockParagraph, Text: intro},
				{ID: "b1", Seq: 1, Kind: app.BlockCaption, Text: "Table 4: Sales by region"},
				{ID: "b2", Seq: 2, Kind: app.BlockTable, Text: rows.String()},
			},
		}
		ps := build(t, p)
		if len(ps) < 3 {
			t.Fatalf("%d passages", len(ps))
		}
		for _, pa := range ps[1:] {
			if !strings.HasPrefix(pa.Text, "The table below") && !strings.Contains(pa.Text, "The table below lists sales by region.\n\nTable 4: Sales by region\n\nRegion | Sales\n\nRegion ") {
				t.Errorf("passage %d lacks the context, caption and header: %q", pa.Seq, pa.Text[:min(120, len(pa.Text))])
			}
			if pre := strings.Index(pa.Text, "Table 4"); pre > 0 && pre > tableContext+10 {
				t.Errorf("passage %d repeats %d bytes of context, more than the bound", pa.Seq, pre)
			}
		}
	})
	t.Run("HugeTableRowStaysWhole", func(t *testing.T) {
		row := strings.Repeat("cell ", 700)
		ps := build(t, parseMD(t, "| h | g |\n|---|---|\n| "+row+" | x |\n| small | row |\n"))
		found := false
		for _, pa := range ps {
			found = found || strings.Contains(pa.Text, strings.TrimSpace(row)+" | x")
		}
		if !found {
			t.Error("the oversized row was cut")
		}
	})
	t.Run("HeadingPaths", func(t *testing.T) {
		p := parseMD(t, "Preface.\n\n# A\n\n## B\n\n### C\n\ntext c\n\n# D\n\n## E\n")
		got := map[string]bool{}
		for _, pa := range build(t, p) {
			got[pa.Headings] = true
		}
		for _, want := range []string{"", "A", "A › B", "A › B › C", "D", "D › E"} {
			if !got[want] {
				t.Errorf("no passage with heading path %q (have %v)", want, got)
			}
		}
	})
	t.Run("SectionsStaySeparate", func(t *testing.T) {
		p := parseMD(t, "# One\n\nalpha\n\n# Two\n\nbeta\n")
		ps := build(t, p)
		if len(ps) != 2 || ps[0].Text != "One\n\nalpha" || ps[1].Text != "Two\n\nbeta" {
			t.Errorf("passages = %+v", ps)
		}
	})
	t.Run("EmptySectionsGiveNothing", func(t *testing.T) {
		p := &app.Parsed{Sections: []app.Section{{Parent: -1}, {Parent: 0, Level: 1, Heading: "X"}}}
		AssignIDs(p, counter())
		if ps := BuildPassages("doc1", "Doc", p); len(ps) != 0 {
			t.Errorf("passages without blocks: %+v", ps)
		}
	})
	t.Run("Pages", func(t *testing.T) {
		p := &app.Parsed{
			Sections: []app.Section{{Parent: -1}},
			Blocks: []app.Block{
				{Seq: 0, Kind: app.BlockParagraph, Text: "on page three", Page: 3},
				{Seq: 1, Kind: app.BlockParagraph, Text: "on page four", Page: 4},
			},
		}
		AssignIDs(p, counter())
		ps := build(t, p)
		if len(ps) != 1 || ps[0].PageStart != 3 || ps[0].PageEnd != 4 {
			t.Errorf("passages = %+v, want one over pages 3–4", ps)
		}
	})
	t.Run("Deterministic", func(t *testing.T) {
		p := parseMD(t, "# A\n\n"+prose(100))
		a, b := BuildPassages("doc1", "Doc", p), BuildPassages("doc1", "Doc", p)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Error("two builds of the same blocks differ")
		}
	})
	t.Run("PlainText", func(t *testing.T) {
		src := "REPORT TITLE HERE\n\n" + prose(150) + "\n\n1. Methods\n\n" + prose(80) + "\n"
		p, err := text.Parse(context.Background(), []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		AssignIDs(p, counter())
		build(t, p)
	})
}

func TestAssignIDs(t *testing.T) {
	p := &app.Parsed{
		Sections: []app.Section{{Parent: -1}, {ID: "keep"}},
		Blocks:   []app.Block{{Text: "a"}, {Text: "b"}},
	}
	AssignIDs(p, counter())
	if p.Sections[0].ID != "id1" || p.Sections[1].ID != "keep" || p.Blocks[0].ID != "id2" || p.Blocks[1].ID != "id3" {
		t.Errorf("IDs = %+v %+v", p.Sections, p.Blocks)
	}
}

// FuzzBuildPassages checks the passage invariants on whatever Markdown
// parses into.
func FuzzBuildPassages(f *testing.F) {
	files, _ := filepath.Glob("../testdata/ingest/*.md")
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src, uint16(0))
		}
	}
	f.Add([]byte("# a\n\n"+prose(60)), uint16(3))
	f.Fuzz(func(t *testing.T, src []byte, repeat uint16) {
		// Repeating the input makes passages long enough to split; the
		// cap keeps goldmark's slow cases (see markdown.parseTree) from
		// stalling the fuzzer.
		n := int(repeat%64) + 1
		n = max(1, min(n, (16<<10)/(len(src)+2)))
		src = []byte(strings.Repeat(string(src)+"\n\n", n))
		p, err := markdown.Parse(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		AssignIDs(p, counter())
		build(t, p)
	})
}

func BenchmarkBuildPassages(b *testing.B) {
	src := "# Doc\n\n"
	for i := range 400 {
		src += fmt.Sprintf("## Part %d\n\n%s\n\n", i, prose(40))
	}
	p, err := markdown.Parse(context.Background(), []byte(src))
	if err != nil {
		b.Fatal(err)
	}
	AssignIDs(p, counter())
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		BuildPassages("doc", "Doc", p)
	}
}

// TestFigurePassages: the print read inside a picture is a passage of its
// own, under its section, after the text passages, which are what they
// were without it — same texts, same IDs; it is led by the picture's
// caption, not by a table's.
func TestFigurePassages(t *testing.T) {
	p := parseMD(t, "# Harbour\n\nShips came in all year.\n\nTable 1: Ships by port.\n\nThe chart shows the tonnage.\n\nFigure 1: Tonnage by year.\n\nTonnage rose in spring.\n")
	for i := range p.Blocks {
		if strings.HasPrefix(p.Blocks[i].Text, "Table 1") || strings.HasPrefix(p.Blocks[i].Text, "Figure 1") {
			p.Blocks[i].Kind = app.BlockCaption
		}
	}
	want := build(t, p)
	// The chart after "The chart shows", as the PDF parser places it.
	at := 4
	fig := app.Block{ID: "fig", Kind: app.BlockFigure, Section: p.Blocks[at].Section, Text: "Tonnage\n2019 412\n2020 530"}
	p.Blocks = append(p.Blocks[:at], append([]app.Block{fig}, p.Blocks[at:]...)...)
	for i := range p.Blocks {
		p.Blocks[i].Seq = i
	}
	got := build(t, p)
	if len(got) != len(want)+1 {
		t.Fatalf("%d passages, want %d and the figure's", len(got), len(want))
	}
	for i, w := range want {
		if got[i].ID != w.ID || got[i].Text != w.Text || got[i].Picture {
			t.Errorf("passage %d = %q (%s), want %q (%s) as without the figure", i, got[i].Text, got[i].ID, w.Text, w.ID)
		}
	}
	last := got[len(got)-1]
	if last.Text != "Figure 1: Tonnage by year.\n\nTonnage\n2019 412\n2020 530" || !last.Picture || last.SectionID != p.Sections[fig.Section].ID {
		t.Errorf("figure passage %+v", last)
	}
}
