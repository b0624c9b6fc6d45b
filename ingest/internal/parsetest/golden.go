package parsetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"archivist/app"
)

// View is the part of a parse a golden file records, laid out to be read
// by eye: one line range string instead of two numbers, no empty fields.
type View struct {
	Title    string        `json:"title"`
	Format   app.Format    `json:"format"`
	Sections []SectionView `json:"sections"`
	Blocks   []BlockView   `json:"blocks"`
}

// SectionView is one section in a View.
type SectionView struct {
	Parent  int    `json:"parent"`
	Level   int    `json:"level"`
	Heading string `json:"heading"`
	Lines   string `json:"lines"`
}

// BlockView is one block in a View.
type BlockView struct {
	Section int    `json:"section"`
	Kind    string `json:"kind"`
	Level   int    `json:"level,omitempty"`
	Lines   string `json:"lines"`
	Text    string `json:"text"`
}

// ViewOf returns the golden view of p.
func ViewOf(p *app.Parsed) View {
	v := View{Title: p.Title, Format: p.Format}
	for _, s := range p.Sections {
		v.Sections = append(v.Sections, SectionView{s.Parent, s.Level, s.Heading, fmt.Sprintf("%d-%d", s.LineStart, s.LineEnd)})
	}
	for _, b := range p.Blocks {
		v.Blocks = append(v.Blocks, BlockView{b.Section, string(b.Kind), b.Level, fmt.Sprintf("%d-%d", b.LineStart, b.LineEnd), b.Text})
	}
	return v
}

// Golden compares got, as indented JSON, with the file at path, failing the
// test with a line diff when they differ. With update set it writes the
// file instead: review the result by eye before committing it.
func Golden(t *testing.T, path string, got any, update bool) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(got); err != nil {
		t.Fatal(err)
	}
	if update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(want, buf.Bytes()) {
		t.Errorf("%s differs from the parse (-want +got):\n%s", path, Diff(string(want), buf.String()))
	}
}

// Diff returns a line diff of a and b: unchanged lines are left out but for
// one line of context around each change.
func Diff(a, b string) string {
	x := strings.Split(a, "\n")
	y := strings.Split(b, "\n")
	// Longest common subsequence table; the files compared are small.
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type op struct {
		c    byte
		line string
	}
	var ops []op
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			ops = append(ops, op{' ', x[i]})
			i++
			j++
		case j < len(y) && (i == len(x) || lcs[i][j+1] >= lcs[i+1][j]):
			ops = append(ops, op{'+', y[j]})
			j++
		default:
			ops = append(ops, op{'-', x[i]})
			i++
		}
	}
	var out strings.Builder
	for k, o := range ops {
		near := o.c != ' ' || k > 0 && ops[k-1].c != ' ' || k+1 < len(ops) && ops[k+1].c != ' '
		if near {
			fmt.Fprintf(&out, "%c %s\n", o.c, o.line)
		}
	}
	return out.String()
}

// GoldenFiles parses every file in dir whose name ends in ext and compares
// the view of each parse with the golden file beside it (name + ".json").
func GoldenFiles(t *testing.T, dir, ext string, parse func(t testing.TB, src string) *app.Parsed, update bool) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
	if len(files) == 0 {
		t.Fatalf("no %s fixtures in %s", ext, dir)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			Golden(t, f+".json", ViewOf(parse(t, string(src))), update)
		})
	}
}

// Headings lists "level:heading" for each section but the root.
func Headings(p *app.Parsed) []string {
	var h []string
	for _, s := range p.Sections[1:] {
		h = append(h, fmt.Sprintf("%d:%s", s.Level, s.Heading))
	}
	return h
}
