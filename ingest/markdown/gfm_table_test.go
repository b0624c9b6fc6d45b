package markdown

import (
	"context"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"archivist/app"
)

var (
	specRow  = regexp.MustCompile(`(?s)<tr>(.*?)</tr>`)
	specCell = regexp.MustCompile(`(?s)<t[hd][^>]*>(.*?)</t[hd]>`)
	specTag  = regexp.MustCompile(`<[^>]+>`)
)

// TestGFMSpecTables checks every table example of the GFM spec: the table
// block holds the spec's rows, each with the spec's cell texts in order.
func TestGFMSpecTables(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(sharedFixtures, "markdown/gfm_spec/spec.txt"))
	if err != nil {
		t.Skipf("shared fixtures not found at %s", sharedFixtures)
	}
	const fence = "````````````````````````````````"
	checked := 0
	for i, part := range strings.Split(string(data), fence+" example")[1:] {
		md, rest, ok := strings.Cut(strings.TrimPrefix(part, "\n"), "\n.\n")
		want, _, _ := strings.Cut(rest, fence)
		// Raw HTML tables are HTML blocks, not GFM tables.
		if !ok || strings.Count(want, "<table>") != 1 || strings.Contains(md, "→") || strings.HasPrefix(md, "<") {
			continue
		}
		var rows [][]string
		for _, r := range specRow.FindAllStringSubmatch(want, -1) {
			var cells []string
			for _, c := range specCell.FindAllStringSubmatch(r[1], -1) {
				cells = append(cells, strings.TrimSpace(html.UnescapeString(specTag.ReplaceAllString(c[1], ""))))
			}
			for len(cells) > 0 && cells[len(cells)-1] == "" {
				cells = cells[:len(cells)-1]
			}
			rows = append(rows, cells)
		}
		p, err := Parse(context.Background(), []byte(md))
		if err != nil {
			t.Fatalf("spec example %d: %v", i+1, err)
		}
		var table *app.Block
		for k := range p.Blocks {
			if p.Blocks[k].Kind == app.BlockTable {
				table = &p.Blocks[k]
			}
		}
		if table == nil {
			t.Errorf("spec example %d: no table block for\n%s", i+1, md)
			continue
		}
		var got [][]string
		for _, line := range strings.Split(table.Text, "\n") {
			if line == "" {
				continue // the delimiter row keeps its line, empty
			}
			got = append(got, strings.Split(line, " | "))
		}
		if len(got) != len(rows) {
			t.Errorf("spec example %d: %d rows, spec has %d\n%s\n%q", i+1, len(got), len(rows), md, table.Text)
			continue
		}
		// Rows are compared joined: a cell holding " | " (an escaped pipe)
		// reads the same as two cells — the one ambiguity of the format.
		for r := range rows {
			if g, w := strings.Join(got[r], " | "), strings.Join(rows[r], " | "); g != w {
				t.Errorf("spec example %d row %d: %q, spec %q", i+1, r, g, w)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no table example checked")
	}
	t.Logf("%d GFM spec table examples checked", checked)
}
