package answer

import (
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// Number forms are read as the router's judge reads them (lang.Amounts):
// "$34.2 billion" in a question is the "34,229" of a table in millions.

// amountsMet adds to words the key of every asked amount that text
// writes in another form: a number followed by its own scale word, or
// read in unit (the scale its table or section states). An amount's key
// is its digits, as questionStems keys the question's number.
func amountsMet(asked []lang.Amount, text string, unit float64, words map[string]bool) {
	lang.AmountsMet(asked, text, unit, func(a lang.Amount) { words[a.Digits] = true })
}

// unitContext is the text that states a candidate's unit: its table's
// header rows and its section path.
func unitContext(ev *app.Evidence, w *app.Window, off int) string {
	ctx := strings.Join(tableHeader(ev, w, off), "\n")
	if span, _, ok := locate(w, off); ok {
		ctx += "\n" + ev.Sections[ev.Blocks[span.BlockID].SectionID]
	}
	return ctx
}
