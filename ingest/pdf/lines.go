package pdf

import (
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// line is a run of words on one baseline with no wide gap: a line of a
// paragraph in one column, or one cell of a table row. Its box is in
// display space (points, origin top-left, after rotation).
type line struct {
	words []word
	box
	size  float64 // dominant font size, points
	bold  bool    // most of its characters are bold
	chars int     // characters in its words
}

// text returns the words joined by single spaces.
func (l *line) text() string {
	var b strings.Builder
	for i, w := range l.words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.text)
	}
	return b.String()
}

// cellGapEm is the horizontal gap, in ems of the font size, that ends a
// line: wider than the widest justified word space, narrower than a
// column gutter or the space between table cells.
const cellGapEm = 1.0

// buildLines joins the words of a page into lines. Words are taken left
// to right; each joins the open line it overlaps most vertically (by at
// least half the smaller height, so superscripts stay in their line) if
// the gap to that line's end is small.
func buildLines(words []word) []*line {
	ws := slices.Clone(words)
	slices.SortFunc(ws, func(a, b word) int {
		if c := cmpF(a.x0, b.x0); c != 0 {
			return c
		}
		if c := cmpF(a.y0, b.y0); c != 0 {
			return c
		}
		return strings.Compare(a.text, b.text)
	})
	var open, done []*line
	for _, w := range ws {
		var best *line
		bestOv := 0.0
		k := 0
		for _, l := range open {
			last := l.words[len(l.words)-1]
			maxGap := cellGapEm * math.Max(last.size, w.size)
			if w.x0-l.x1 > maxGap {
				done = append(done, l) // nothing further right can join it
				continue
			}
			open[k] = l
			k++
			ov := w.vOverlap(last.box)
			if ov < 0.5*math.Min(w.h(), last.h()) || w.x0 < l.x1-0.5*w.size {
				continue
			}
			if ov > bestOv {
				best, bestOv = l, ov
			}
		}
		open = open[:k]
		if best == nil {
			best = &line{box: w.box}
			open = append(open, best)
		}
		best.words = append(best.words, w)
		best.box = best.union(w.box)
	}
	done = append(done, open...)
	for _, l := range done {
		l.words = joinSpaced(l.words)
		l.finish()
	}
	slices.SortFunc(done, func(a, b *line) int {
		if c := cmpF(a.y0, b.y0); c != 0 {
			return c
		}
		return cmpF(a.x0, b.x0)
	})
	return done
}

// Letter-spaced text ("G O D F R E Y   P H I L L I P S", a company's name
// on a cover or in a running footer) sets its letters further apart than
// the word gap, so each letter became a word of its own and the name was
// found by no search. A run of at least minSpacedRun one-letter words
// evenly spaced, each gap under spacedGapEm of the size, is one word up
// to a gap more than spacedWordGap times the run's smallest.
const (
	minSpacedRun  = 4
	spacedGapEm   = 0.8
	spacedWordGap = 1.8
)

// joinSpaced joins the letters of letter-spaced words in a line's words
// (sorted left to right).
func joinSpaced(ws []word) []word {
	out := ws[:0:0]
	for i := 0; i < len(ws); {
		j := i
		for j+1 < len(ws) && oneLetter(ws[j]) && oneLetter(ws[j+1]) && ws[j+1].x0-ws[j].x1 < spacedGapEm*ws[j].size {
			j++
		}
		if j-i+1 < minSpacedRun {
			out = append(out, ws[i])
			i++
			continue
		}
		gap := math.Inf(1)
		for k := i; k < j; k++ {
			gap = math.Min(gap, math.Max(ws[k+1].x0-ws[k].x1, 0.5))
		}
		cur := ws[i]
		for k := i + 1; k <= j; k++ {
			if ws[k].x0-ws[k-1].x1 > spacedWordGap*gap {
				out = append(out, cur)
				cur = ws[k]
				continue
			}
			cur.text += ws[k].text
			cur.box = cur.union(ws[k].box)
		}
		out = append(out, cur)
		i = j + 1
	}
	return out
}

// oneLetter reports whether w is a single letter.
func oneLetter(w word) bool {
	r, n := utf8.DecodeRuneInString(w.text)
	return n == len(w.text) && unicode.IsLetter(r)
}

// finish computes the line's dominant size and weight.
func (l *line) finish() {
	bySize := map[float64]int{}
	bold := 0
	for _, w := range l.words {
		n := len([]rune(w.text))
		l.chars += n
		bySize[math.Round(w.size*2)/2] += n
		if w.bold {
			bold += n
		}
	}
	best := 0
	for s, n := range bySize {
		if n > best || n == best && s > l.size {
			l.size, best = s, n
		}
	}
	l.bold = bold*2 > l.chars
}

// cmpF compares floats for sorting.
func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
