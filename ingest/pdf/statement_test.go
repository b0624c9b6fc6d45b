package pdf

import (
	"strings"
	"testing"

	"archivist/app"
)

// statementDoc draws a balance sheet as filings set one: a title, a
// column header of periods, bold row-group labels on rows of their own,
// a blank line before a new group; then a larger section heading and a
// second table that is not part of the statement.
func statementDoc(t testing.TB) []byte {
	g := newGen()
	g.AddPage()
	g.SetFont("Helvetica", "B", 12)
	g.text(72, 72, "Consolidated Balance Sheets")
	g.SetFont("Helvetica", "", 9)
	g.text(380, 96, "January 28, 2023")
	g.text(470, 96, "January 29, 2022")
	y := 110.0
	row := func(label string, a, b string) {
		g.text(80, y, label)
		g.text(400, y, a)
		g.text(490, y, b)
		y += 11
	}
	label := func(s string) {
		g.SetFont("Helvetica", "B", 9)
		g.text(72, y, s)
		g.SetFont("Helvetica", "", 9)
		y += 11
	}
	label("Assets")
	label("Current assets")
	row("Cash and cash equivalents", "1,874", "2,936")
	row("Receivables, net", "1,141", "1,042")
	row("Merchandise inventories", "5,140", "5,965")
	label("Property and equipment")
	row("Land and buildings", "688", "671")
	row("Goodwill", "1,383", "1,384")
	row("Total assets", "15,803", "17,504")
	y += 10
	label("Liabilities and equity")
	row("Accounts payable", "5,687", "6,803")
	row("Deferred revenue", "1,116", "1,103")
	row("Total liabilities", "8,979", "10,674")
	y += 30
	g.SetFont("Helvetica", "B", 14)
	g.text(72, y, "Segment Information")
	y += 24
	g.SetFont("Helvetica", "", 9)
	row("Domestic", "41,000", "45,000")
	row("International", "4,000", "5,000")
	row("Total", "45,000", "50,000")
	return g.bytes(t)
}

// TestStatementTable: the statement reads as one table whose first row is
// its column header, with the group labels as rows (so every passage of it
// repeats the periods); the real heading after it still starts a section.
func TestStatementTable(t *testing.T) {
	p := mustParse(t, statementDoc(t))
	var tables []app.Block
	for _, b := range p.Blocks {
		switch {
		case b.Kind == app.BlockTable:
			tables = append(tables, b)
		case b.Kind == app.BlockHeading && b.Text != "Consolidated Balance Sheets" && b.Text != "Segment Information":
			t.Errorf("heading %q inside the statement", b.Text)
		}
	}
	if len(tables) != 2 {
		dump(t, p)
		t.Fatalf("%d tables, want the statement and the segment table", len(tables))
	}
	st := strings.Split(tables[0].Text, "\n")
	if st[0] != "January 28, 2023 | January 29, 2022" {
		t.Errorf("statement header row %q", st[0])
	}
	for _, want := range []string{"Assets", "Current assets", "Property and equipment", "Goodwill | 1,383 | 1,384", "Liabilities and equity", "Total liabilities | 8,979 | 10,674"} {
		if !strings.Contains(tables[0].Text, want) {
			t.Errorf("statement lacks %q:\n%s", want, tables[0].Text)
		}
	}
	if strings.Contains(tables[0].Text, "Domestic") || strings.Contains(tables[0].Text, "Segment") {
		t.Errorf("statement runs on into the next section:\n%s", tables[0].Text)
	}
	if i := blockIndex(p, "Segment Information"); i < 0 || p.Blocks[i].Kind != app.BlockHeading {
		t.Errorf("the section heading after the statement is not a heading")
	}
}
