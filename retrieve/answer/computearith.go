package answer

import (
	"math/big"
	"strconv"
	"strings"

	"archivist/app"
)

// The arithmetic of a computation, exact (math/big), and the answer that
// shows it with every operand's cell cited.

// ComputedLead introduces a computed answer, saying plainly how it was made.
const ComputedLead = "Computed from the cited cells with exact decimal arithmetic:"

// answer computes comp over ops, read from row m, and writes the answer:
// the arithmetic on its first line, then each operand's cell, cited.
func (comp computation) answer(ev *app.Evidence, rows []*rowMatch, ops []operand) (*app.Answer, string) {
	expr, result, ok := comp.arithmetic(ops)
	if !ok {
		return nil, "the figure divided by, of “" + rows[len(rows)-1].label + "”, is zero"
	}
	ans := &app.Answer{Sources: SourceRefs(ev), Verdict: app.VerdictComputed, Sufficient: true}
	var labels, unders []string
	for _, op := range ops {
		cit, label, under, ok := citedCell(ev, op.c, op.cell)
		if !ok {
			return nil, "the " + op.period + " figure of “" + op.cell.label + "” cannot be cited"
		}
		ans.Citations = append(ans.Citations, cit)
		labels = append(labels, label)
		unders = append(unders, under)
	}
	numberQuotes(ans.Citations)
	ans.Value = strings.TrimSpace(result + comp.unit(rows))
	ans.Answer = comp.title(rows) + " = " + expr + " = " + result + comp.unit(rows) + "\n\n" + ComputedLead +
		render(ans.Citations, labels, unders)
	return ans, ""
}

// citedCell cites cell tc of row c as an operand: its citation, the
// statement of its figure (in the table's unit) and the header row it is
// read under.
func citedCell(ev *app.Evidence, c candidate, tc tableCell) (cit app.Citation, statement, under string, ok bool) {
	cit, bstart, ok := citeAt(ev, c)
	if !ok {
		return cit, "", "", false
	}
	cellCitation(ev, &cit, bstart, tc)
	context := strings.Join(tableHeader(ev, c.window, c.start), "\n") + "\n" + tableIntro(ev, c)
	return cit, tc.statement(cit.Quote, context), tc.header, true
}

// title names what was computed: "Change in Revenue from 2018 to 2019".
func (comp computation) title(rows []*rowMatch) string {
	m := rows[0]
	switch comp.op {
	case opShare:
		return m.label + " as a percentage of " + rows[1].label + ", " + comp.periods[0]
	case opRatio:
		return "Ratio of " + m.label + " to " + rows[1].label + ", " + comp.periods[0]
	case opRowDifference, opRowSum:
		return opName[comp.op] + " of " + m.label + " and " + rows[1].label + ", " + comp.periods[0]
	case opChange, opPercentChange:
		switch {
		case comp.op == opChange && comp.sense == magnitude:
			return "Difference in " + m.label + " between " + comp.base + " and " + comp.other()
		case comp.op == opChange && comp.sense == fall:
			return "Decrease in " + m.label + " from " + comp.base + " to " + comp.other()
		}
		return opName[comp.op] + " in " + m.label + " from " + comp.base + " to " + comp.other()
	}
	return opName[comp.op] + " of " + m.label + " for " + strings.Join(comp.periods, ", ")
}

// other is the period a change is measured to.
func (comp computation) other() string {
	for _, p := range comp.periods {
		if p != comp.base {
			return p
		}
	}
	return ""
}

// unit is what the result is in: a percentage, percentage points of
// figures that are percentages, or the table's unit ("million").
func (comp computation) unit(rows []*rowMatch) string {
	m := rows[0]
	switch {
	case comp.op == opRatio:
		return ""
	case comp.op == opPercentChange || comp.op == opShare:
		return "%"
	case m.percents && comp.op == opChange:
		return " percentage points"
	case m.percents:
		return "%"
	case m.unit != "" && !unscaled(m.label, m.cells[0].value):
		return " " + strings.TrimSuffix(strings.ToLower(m.unit), "s")
	}
	return ""
}

// arithmetic computes comp over ops exactly and writes the expression
// and the result, rounded only for what does not come out even: a
// percentage to two decimals, an average to two more than its operands'.
// ok is false for a percentage change from zero.
func (comp computation) arithmetic(ops []operand) (expr, result string, ok bool) {
	byPeriod := map[string]*big.Rat{}
	decimals := 0
	var terms []string
	for _, op := range ops {
		byPeriod[op.period] = op.value
		decimals = max(decimals, decimalsOf(op.cell.value))
		terms = append(terms, showOperand(op.value, decimalsOf(op.cell.value)))
	}
	if comp.twoRows() {
		return rowArithmetic(comp.op, ops, decimals)
	}
	base, other := byPeriod[comp.base], byPeriod[comp.other()]
	showBase, showOther := showOperand(base, decimals), showOperand(other, decimals)
	switch comp.op {
	case opChange:
		d := new(big.Rat).Sub(other, base)
		switch comp.sense {
		case magnitude:
			return "|" + showOther + " − " + showBase + "|", showRat(d.Abs(d), decimals), true
		case fall:
			return showBase + " − " + showOther, showRat(d.Neg(d), decimals), true
		}
		return showOther + " − " + showBase, showRat(d, decimals), true
	case opPercentChange:
		if base.Sign() == 0 {
			return "", "", false
		}
		r := new(big.Rat).Quo(new(big.Rat).Sub(other, base), base)
		r.Mul(r, big.NewRat(100, 1))
		return "(" + showOther + " − " + showBase + ") / " + showBase + " × 100", showRounded(r, 2), true
	}
	sum := new(big.Rat)
	for _, op := range ops {
		sum.Add(sum, op.value)
	}
	if comp.op == opSum {
		return strings.Join(terms, " + "), showRat(sum, decimals), true
	}
	avg := new(big.Rat).Quo(sum, big.NewRat(int64(len(ops)), 1))
	return "(" + strings.Join(terms, " + ") + ") / " + strconv.Itoa(len(ops)), showRounded(avg, decimals+2), true
}

// decimalsOf counts the decimals a cell's figure is written with.
func decimalsOf(cell string) int {
	s := strings.TrimRight(cell, " %)")
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

// showOperand writes an operand of an expression, a negative one in
// parentheses: "(−3.5)".
func showOperand(r *big.Rat, decimals int) string {
	s := showRat(r, decimals)
	if r.Sign() < 0 {
		return "(" + s + ")"
	}
	return s
}

// showRat writes r to decimals places with a true minus sign.
func showRat(r *big.Rat, decimals int) string {
	return strings.Replace(r.FloatString(decimals), "-", "−", 1)
}

// showRounded writes r to at most decimals places, without trailing
// zeros: 1071.5, 28.57.
func showRounded(r *big.Rat, decimals int) string {
	s := r.FloatString(decimals)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return strings.Replace(s, "-", "−", 1)
}

// rowArithmetic computes an operation on two measures' figures, x and y
// in the order the question names them.
func rowArithmetic(op operation, ops []operand, decimals int) (expr, result string, ok bool) {
	x, y := ops[0].value, ops[1].value
	sx, sy := showOperand(x, decimalsOf(ops[0].cell.value)), showOperand(y, decimalsOf(ops[1].cell.value))
	switch op {
	case opRowDifference:
		return sx + " − " + sy, showRat(new(big.Rat).Sub(x, y), decimals), true
	case opRowSum:
		return sx + " + " + sy, showRat(new(big.Rat).Add(x, y), decimals), true
	}
	if y.Sign() == 0 {
		return "", "", false
	}
	r := new(big.Rat).Quo(x, y)
	if op == opShare {
		r.Mul(r, big.NewRat(100, 1))
		return sx + " / " + sy + " × 100", showRounded(r, 2), true
	}
	return sx + " / " + sy, showRounded(r, 2), true
}
