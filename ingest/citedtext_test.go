package ingest

import (
	"testing"

	"archivist/app"
)

// A quote of a sentence a page break cuts is placed across its two blocks,
// so the citation view highlights both parts.
func TestAcrossBlocks(t *testing.T) {
	first := "If the reading is blank, the watch could not read it. In this case, ensure that you\n"
	second := "measure your resting heart rate in a quiet room when\nyou are awake. It is best in the morning."
	quote := "In this case, ensure that you measure your resting heart rate in a quiet room when\nyou are awake."
	text := first + app.PassageSeparator + second
	start, end := acrossBlocks(first, second, quote)
	if got, want := text[start:end], "In this case, ensure that you\n"+app.PassageSeparator+"measure your resting heart rate in a quiet room when\nyou are awake."; got != want {
		t.Fatalf("placed %q, want %q", got, want)
	}
	if s, e := acrossBlocks(first, second, "In this case, ensure that you measure nothing"); s != 0 || e != 0 {
		t.Fatalf("a quote that is not the two blocks' placed at %d–%d", s, e)
	}
}
