package answer

import (
	"context"
	"maps"
	"math"
	"regexp"
	"strings"

	"archivist/app"
	"archivist/app/lang"
)

// candidates returns every sentence and table row of the evidence that may
// be quoted, each with the words it carries and the context it is read
// in, running page furniture left out.
func (r *reading) candidates(ctx context.Context) ([]candidate, error) {
	var cands []candidate
	for i := range r.ev.Sources {
		src := &r.ev.Sources[i]
		for j := range src.Windows {
			var err error
			if cands, err = r.windowCandidates(ctx, src, &src.Windows[j], cands); err != nil {
				return nil, err
			}
		}
	}
	return withoutRunningLines(r.ev, cands), nil
}

// windowCandidates appends the candidates of window w to cands. A sentence
// that points back ("In this case, …") is read with the one before it; a
// table row with the sentence introducing its table.
func (r *reading) windowCandidates(ctx context.Context, src *app.Source, w *app.Window, cands []candidate) ([]candidate, error) {
	prev, prevWin, prevStart := "", (*app.Window)(nil), 0
	var intro introduction // a sentence ending in a colon, over the table after it
	marks := noteMarksOf{} // the note marks of the last table's row labels
	units := quoteUnits(r.ev, w)
	for i := 0; i < len(units); i++ {
		w, s := units[i].w, units[i].s
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		text := strings.TrimSpace(w.Text[s[0]:s[1]])
		if caption, n := rowCaption(r.ev, units, i); n > 0 {
			// A cover set as a table writes its entries in a row and
			// their captions in the rows under it, an aside broken over
			// lines: "Delaware | 77-0019522" over "(State or other
			// jurisdiction of | (I.R.S. Employer" and "incorporation or
			// organization) | Identification No.)". The row above is read
			// under the whole caption, as an entry over its block is.
			if es, ok := rowAbove(r.ev, w, s[0]); ok {
				et := strings.TrimSpace(w.Text[es[0]:es[1]])
				if len(et) <= 2*figureMaxChars && !captionsOnly(et) && !sentenceLike(et) {
					c := r.candidateAt(src, w, es, et, captionText(strings.ReplaceAll(caption, cellSeparator, " ")))
					c.context = r.contextStems(src, w, es[0])
					cands = append(cands, c)
				}
			}
			i += n - 1
			continue
		}
		if captionsOnly(text) {
			// A form writes its entry above its caption: "Maryland
			// 52-1893632" over "(State or other jurisdiction of
			// incorporation or organization)", often set large enough to
			// read as a heading. The entry is read under the caption, as
			// a figure under its heading.
			if es, ok := entryAbove(w.Text, s[0]); ok {
				et := strings.TrimSpace(w.Text[es[0]:es[1]])
				if len(et) <= 2*figureMaxChars && !captionsOnly(et) && !sentenceLike(et) {
					c := r.candidateAt(src, w, es, et, captionText(text))
					c.context = r.contextStems(src, w, es[0])
					cands = append(cands, c)
				}
			}
			continue // the caption names the entry and holds none
		}
		before, beforeWin, beforeStart := prev, prevWin, prevStart
		prev, prevWin, prevStart = text, w, s[0]
		if !pointsBack(text) && !namesBackByTitle(text, before) {
			before, beforeWin = "", nil
		}
		rowIntro := ""
		if kindAt(r.ev, w, s[0]) == app.BlockTable {
			rowIntro = intro.text
			if intro.win != nil && beforeWin == nil {
				// "The benefit payments to retirees are expected to be
				// paid as follows:" says what the rows under it are.
				before, beforeWin, beforeStart = intro.text, intro.win, intro.start
			}
		} else {
			intro = introOf(text, w, s[0], intro)
			if namesColumns(text) && tableFollows(r.ev, w, s[0]) {
				continue // the names of the columns below: each row is read under them
			}
		}
		label := figureLabel(r.ev, w, s[0], text)
		kind := kindAt(r.ev, w, s[0])
		noted := false
		if kind == app.BlockTable {
			marks.row(text)
		} else if row := marks.noteOf(text); row != "" && label == "" {
			label, noted = row, true // "(1) Include cost of equipment sold, …" under "Service delivery costs(1)"
		}
		if label == "" && signatureRE.MatchString(text) {
			// A firm signs its report: "/s/ KPMG LLP" under "Report of
			// Independent Registered Public Accounting Firm" is read
			// under the report's heading.
			if span, _, ok := locate(w, s[0]); ok && reportHeadingRE.MatchString(r.ev.Sections[r.ev.Blocks[span.BlockID].SectionID]) {
				label = r.ev.Sections[r.ev.Blocks[span.BlockID].SectionID]
			}
		}
		if kind == app.BlockHeading && coverLine(r.ev, w, s) {
			// A cover's line set large (coverLine): "Principal executive
			// offices: 3M Center, …" is its entry read under its caption.
			// (A biography's heading is quoted as it stands.)
			label, _, _ = strings.Cut(text, ":")
		}
		if runningLine(text) && len(strings.Fields(text)) <= 12 {
			continue // "2019 FORM 10-K 27": a page's running footer, whatever it is read under
		}
		if len(text) < minQuoteChars && label == "" {
			continue
		}
		if end, ok := signedTitle(r.ev, w, s); ok {
			// A signature states who holds the title typed under it:
			// "By: /s/ CORIE BARRY / Corie Barry" over "Chief Executive
			// Officer". The name and the title are quoted as one.
			sig := r.candidateAt(src, w, [2]int{s[0], end}, w.Text[s[0]:end], "")
			sig.context = r.contextStems(src, w, s[0])
			cands = append(cands, sig)
		}
		c := r.candidateAt(src, w, s, text, label)
		c.intro = rowIntro
		c.context = withAntecedent(r.contextStems(src, w, s[0]), before)
		// "Trading Symbol" over a row is the ticker asked; "J&J" is the
		// Johnson & Johnson a title names.
		r.fm.expand(c.context, contentFamilies(before+"\n"+src.Title))
		c.ante, c.anteStart = beforeWin, beforeStart
		if beforeWin != nil && changeBackRE.MatchString(text) {
			// "The increase was attributable to …" says it of the change
			// the sentence before states: it is read as writing it.
			for st := range wordStems(before) {
				c.words[st], c.own[st] = true, true
			}
			c.changeOf = before
		}
		c.noted = noted
		cands = append(cands, c)
	}
	return cands, nil
}

// candidateAt makes the candidate of text, span s of window w: the stems
// it carries (with the forms the evidence gives the question's words, the
// amounts it meets, its label and its table's header) and the names of
// its title the question gives.
func (r *reading) candidateAt(src *app.Source, w *app.Window, s [2]int, text, label string) candidate {
	words := wordStems(text)
	amountsMet(r.amounts, text, lang.UnitOf(unitContext(r.ev, w, s[0])), words)
	for st := range wordStems(label) {
		words[st] = true // "1914" under "Employees" counts employees
	}
	// The label's words as the question may write them: "(Address of
	// principal executive offices)" under an entry is where it is
	// headquartered.
	r.fm.expand(words, contentFamilies(text+"\n"+label))
	own := maps.Clone(words)
	for st := range r.titleStems[src.N] {
		words[st] = true
	}
	addressed := false
	if header := tableHeader(r.ev, w, s[0]); header != nil {
		// A row answers through its header: "Total Company | 34,229" is
		// net sales in 2022 because the header says so.
		h := strings.Join(header, "\n")
		hw := wordStems(h)
		if quarterColumns(header) {
			for st := range wordStems("quarter") {
				hw[st] = true // "Third" over a column of a year's figures is its third quarter
			}
		}
		r.fm.expand(hw, contentFamilies(h)) // "Trading Symbol" over the column is the ticker asked
		for st := range hw {
			words[st] = true
			own[st] = true
		}
		if addressed = r.shape.addresses(header, text); addressed {
			// The question names the row and the column: the cell is what
			// it asks, whatever verb it asks with — of the company its
			// names give, which the row's title or heading must still say,
			// and of the measure it asks, which the row, its header or its
			// heading must: "Commercial Airplanes | $565" under a table of
			// research costs is not the segment's revenues.
			small := map[string]bool{}
			for n := range r.shape.smallNames {
				maps.Copy(small, wordStems(n))
			}
			for _, st := range r.qstems {
				if !r.nameStems[st] && !r.measureStems[st] && !small[st] {
					words[st] = true
				}
			}
		}
	}
	n := float64(len(text))
	return candidate{
		src: src, window: w, start: s[0], end: s[1],
		words: words, own: own, label: label, addressed: addressed,
		penalty: 0.02*float64(src.N-1) + 0.05*math.Max(0, n-400)/400,
	}
}

// tableFollows reports whether the block at offset off of w is followed,
// next in the window and in its document, by a table.
func tableFollows(ev *app.Evidence, w *app.Window, off int) bool {
	span, _, ok := locate(w, off)
	if !ok {
		return false
	}
	for k := 0; k+1 < len(w.Spans); k++ {
		if w.Spans[k].BlockID == span.BlockID {
			b, next := ev.Blocks[span.BlockID], ev.Blocks[w.Spans[k+1].BlockID]
			return next.Kind == app.BlockTable && next.Seq == b.Seq+1
		}
	}
	return false
}

// Notes to a table's rows. A report marks a row's label with a note mark
// — "Service delivery costs(1)", "Recorded investment (1)" — and sets the
// note under the table opening with the same mark: "(1) Include cost of
// equipment sold, …". The note says what the row is, includes or how it
// is derived, so it is read under the row's label, as a figure is read
// under its heading.
var (
	labelMarkRE = regexp.MustCompile(`^(.*?\S)\s*\((\d{1,2}|[a-z])\)\s*$`)
	noteOpenRE  = regexp.MustCompile(`^\((\d{1,2}|[a-z])\)\s*\S`)
)

// noteMarksOf holds, for each note mark, the label of the row of the last
// table read that carries it; "" when two rows carry it.
type noteMarksOf map[string]string

// row reads a table row's label for a note mark.
func (m noteMarksOf) row(text string) {
	label, _, _ := strings.Cut(text, cellSeparator)
	g := labelMarkRE.FindStringSubmatch(strings.TrimSpace(label))
	if g == nil {
		return
	}
	if _, seen := m[g[2]]; seen {
		m[g[2]] = "" // two rows carry the mark: the note is of neither alone
		return
	}
	m[g[2]] = g[1]
}

// noteOf returns the label of the row a note refers to by its opening
// mark, "" when text is no note or no one row carries its mark.
func (m noteMarksOf) noteOf(text string) string {
	g := noteOpenRE.FindStringSubmatch(strings.TrimSpace(text))
	if g == nil {
		return ""
	}
	return m[g[1]]
}

// ordinalQuarters are the words a quarterly table heads its columns with.
var ordinalQuarters = map[string]bool{"first": true, "second": true, "third": true, "fourth": true, "1st": true, "2nd": true, "3rd": true, "4th": true}

// quarterColumns reports whether a header row names its columns by the
// ordinals of a year's quarters — "| First | Second | Third | Fourth" over
// "2019" — as quarterly results are set out: all four, and nothing else
// but a year or a total.
func quarterColumns(header []string) bool {
	for _, h := range header {
		n, other := 0, false
		for _, c := range gridCells(h) {
			w := strings.TrimSpace(strings.TrimSuffix(strings.ToLower(strings.TrimSpace(c.text)), "quarter"))
			switch {
			case w == "":
			case ordinalQuarters[w]:
				n++
			case w == "total" || w == "year" || w == "fiscal year" || cellYear(w) != "":
			default:
				other = true
			}
		}
		if n == 4 && !other {
			return true
		}
	}
	return false
}

// reportHeadingRE finds the heading of a report a firm signs.
var reportHeadingRE = regexp.MustCompile(`(?i)\breport of independent\b|\bregistered public accounting firm\b`)

// signatureRE finds a conformed signature: "/s/ CORIE BARRY".
var signatureRE = regexp.MustCompile(`/s/\s*\p{L}`)

// signedTitle returns the end of the title typed under the signature
// whose last line is span s of w: the block right after it, a short line
// naming an office ("Chief Executive Officer"). ok is false when s ends
// no signature or no title follows.
func signedTitle(ev *app.Evidence, w *app.Window, s [2]int) (int, bool) {
	rest := w.Text[s[1]:]
	trimmed := strings.TrimLeft(rest, " \n")
	if len(rest)-len(trimmed) > 2 || !strings.HasPrefix(rest[:len(rest)-len(trimmed)], "\n") {
		return 0, false // the title is the next line or block, or no title follows
	}
	title, _, _ := strings.Cut(trimmed, "\n")
	if title = strings.TrimSpace(title); title == "" || len(title) > 100 || !roleTitleRE.MatchString(title) || signatureRE.MatchString(title) {
		return 0, false
	}
	if span, _, ok := locate(w, s[0]); !ok || !signatureRE.MatchString(ev.Blocks[span.BlockID].Text) {
		return 0, false
	}
	start := s[1] + len(rest) - len(trimmed)
	return start + len(title), true
}

// rowCaption returns the caption that table rows of units from i on make
// together — one row, or one whose brackets close in the next rows (at
// most captionRows), all of one block and one window — and how many rows
// it takes; 0 when unit i opens no caption.
func rowCaption(ev *app.Evidence, units []unit, i int) (string, int) {
	u := units[i]
	if kindAt(ev, u.w, u.s[0]) != app.BlockTable {
		return "", 0
	}
	span, _, ok := locate(u.w, u.s[0])
	if !ok {
		return "", 0
	}
	text := strings.TrimSpace(u.w.Text[u.s[0]:u.s[1]])
	for n := 1; ; n++ {
		if captionsOnly(text) {
			return text, n
		}
		if n == captionRows || i+n >= len(units) {
			return "", 0
		}
		next := units[i+n]
		prev := units[i+n-1]
		if next.w != u.w || strings.TrimSpace(u.w.Text[prev.s[1]:next.s[0]]) != "" {
			return "", 0
		}
		if sp, _, ok := locate(next.w, next.s[0]); !ok || sp.BlockID != span.BlockID {
			return "", 0
		}
		text += " " + strings.TrimSpace(next.w.Text[next.s[0]:next.s[1]])
	}
}

// captionRows bounds the rows one caption under a form's entries is
// broken over.
const captionRows = 3

// rowAbove returns the span of the table row right above offset off of
// w, in the same block, if there is one.
func rowAbove(ev *app.Evidence, w *app.Window, off int) ([2]int, bool) {
	if off == 0 || w.Text[off-1] != '\n' {
		return [2]int{}, false
	}
	start := strings.LastIndex(w.Text[:off-1], "\n") + 1
	a, _, ok1 := locate(w, start)
	b, _, ok2 := locate(w, off)
	if !ok1 || !ok2 || a.BlockID != b.BlockID || strings.TrimSpace(w.Text[start:off-1]) == "" {
		return [2]int{}, false
	}
	return [2]int{start, off - 1}, true
}

// captionText is a form's caption without its brackets: "State or other
// jurisdiction of incorporation or organization".
func captionText(caption string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(caption)), " ")
}

// sentenceLike reports whether text reads as a sentence: it ends with a
// full stop after a word.
func sentenceLike(text string) bool {
	t := strings.TrimSpace(text)
	return strings.HasSuffix(t, ".") && len(strings.Fields(t)) > 6
}

// entryAbove returns the span of the block of text written right above
// offset off (blocks are joined by a blank line), if there is one.
func entryAbove(text string, off int) ([2]int, bool) {
	end := strings.LastIndex(text[:off], "\n\n")
	if end < 0 || strings.TrimSpace(text[end:off]) != "" {
		return [2]int{}, false
	}
	start := 0
	if i := strings.LastIndex(text[:end], "\n\n"); i >= 0 {
		start = i + 2
	}
	if start >= end {
		return [2]int{}, false
	}
	return [2]int{start, end}, true
}

// runningLineRE finds the line a filing runs at the foot or head of its
// pages: the form's name and the page's number ("2019 FORM 10-K 27",
// "Verizon 2022 Annual Report on Form 10-K | 102").
var runningLineRE = regexp.MustCompile(`(?i)\b(form\s+10-?[kq]|annual\s+report|quarterly\s+report)\b[^.;:]{0,30}?[|\s]\s*\d{1,3}\s*$`)

// runningLine reports whether runningLineRE matches text, running it only
// on a text that ends in a digit and spaces (\s) as every match does: most
// sentences end otherwise, and the expression ran on every one a reading
// weighs.
func runningLine(text string) bool {
	t := strings.TrimRight(text, "\t\n\f\r ")
	if t == "" || t[len(t)-1] < '0' || t[len(t)-1] > '9' {
		return false
	}
	return runningLineRE.MatchString(text)
}
