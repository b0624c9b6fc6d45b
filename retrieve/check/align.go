package check

import "sort"

// stoken is one word of a source stream: a token of one of its blocks.
type stoken struct {
	token
	Block int  // index into the stream's blocks
	Free  bool // page furniture between two pages: passing over it costs nothing
}

// step is one step of an alignment: a quotation word against a source
// word (Q and S both set), a word only the draft has (S < 0), or a word
// of the source the draft leaves out (Q < 0). Omitted runs (an ellipsis)
// and page furniture are not steps.
type step struct{ Q, S int }

// alignment is a quotation aligned to a run of source words.
type alignment struct {
	Cost    int    // words changed, added or dropped
	Matched int    // quotation words found as they are
	First   int    // first source word aligned
	Last    int    // last source word aligned
	Steps   []step // in reading order
}

// The moves of the alignment table.
const (
	moveStart byte = iota // row 0: the quotation starts anywhere
	moveDiag              // a quotation word against a source word
	moveUp                // a word only the draft has
	moveLeft              // a source word the draft leaves out
)

// maxAlignCells bounds one alignment table (quotation words × source
// words): a quotation of 300 words against 30,000 source words.
const maxAlignCells = 9_000_000

// align finds the runs of src that the quotation q matches best: a
// semi-global word alignment (the quotation whole, the source from any
// word to any word), where a changed, added or dropped word costs 1,
// page furniture costs nothing to pass over, and at a gap of the
// quotation any run of source words may be skipped for free. It returns
// the alignments of least cost, at most limit of them, in source order.
func align(q []qword, src []stoken, limit int) []alignment {
	n, m := len(q), len(src)
	if n == 0 || m == 0 || n*m > maxAlignCells {
		return nil
	}
	w := m + 1
	cost := make([]int32, (n+1)*w)
	move := make([]byte, (n+1)*w)
	// For a row followed by a gap: the least cost of the row up to each
	// column, and the column it is reached at.
	gapMin := map[int][]int32{}
	gapArg := map[int][]int32{}
	for i := 1; i <= n; i++ {
		cost[i*w] = int32(i)
		move[i*w] = moveUp
	}
	prevRow := func(i int) ([]int32, []int32) {
		if i == 0 {
			return nil, nil
		}
		return gapMin[i], gapArg[i]
	}
	for i := 1; i <= n; i++ {
		if q[i-1].Gap && i > 1 {
			mins, args := make([]int32, w), make([]int32, w)
			best, arg := cost[(i-1)*w], int32(0)
			for j := 0; j <= m; j++ {
				if c := cost[(i-1)*w+j]; c < best {
					best, arg = c, int32(j)
				}
				mins[j], args[j] = best, arg
			}
			gapMin[i-1], gapArg[i-1] = mins, args
		}
		up, _ := prevRow(i - 1)
		row, prev := i*w, (i-1)*w
		for j := 1; j <= m; j++ {
			var diagC, upC int32
			if up != nil {
				diagC, upC = up[j-1], up[j]
			} else {
				diagC, upC = cost[prev+j-1], cost[prev+j]
			}
			if q[i-1].Norm != src[j-1].Norm {
				diagC++
			}
			c, mv := diagC, moveDiag
			if upC+1 < c {
				c, mv = upC+1, moveUp
			}
			left := cost[row+j-1]
			if !src[j-1].Free {
				left++
			}
			if left < c {
				c, mv = left, moveLeft
			}
			cost[row+j], move[row+j] = c, mv
		}
	}
	// The ends of least cost; a run of ends joined by dropped words is one
	// match, ended at its first column.
	best := cost[n*w+1]
	for j := 1; j <= m; j++ {
		best = min(best, cost[n*w+j])
	}
	// Of ends that start at the same word, the one pairing the most words
	// reads best: "these airplanes" against "these products" is a changed
	// word, not an added one.
	var out []alignment
	at := map[int]int{}
	for j := 1; j <= m && len(out) < 4*limit; j++ {
		if cost[n*w+j] != best || move[n*w+j] == moveLeft {
			continue
		}
		a := traceback(q, src, cost, move, gapMin, gapArg, w, n, j)
		if a.Matched == 0 {
			continue
		}
		if k, ok := at[a.First]; ok {
			if pairs(a) > pairs(out[k]) {
				out[k] = a
			}
			continue
		}
		at[a.First] = len(out)
		out = append(out, a)
	}
	if len(out) > limit {
		out = out[:limit]
	}
	sort.Slice(out, func(a, b int) bool { return out[a].First < out[b].First })
	return out
}

// traceback reads the alignment ending at row n, column j.
func traceback(q []qword, src []stoken, cost []int32, move []byte, gapMin, gapArg map[int][]int32, w, i, j int) alignment {
	a := alignment{Cost: int(cost[i*w+j]), Last: j - 1, First: j - 1}
	var steps []step
	for i > 0 {
		mv := move[i*w+j]
		if mv == moveLeft {
			if !src[j-1].Free {
				steps = append(steps, step{Q: -1, S: j - 1})
			}
			j--
			continue
		}
		// Diagonal and up read the row above, through its gap minimum
		// when the quotation omits something there.
		pj := j
		if mv == moveDiag {
			pj = j - 1
			steps = append(steps, step{Q: i - 1, S: j - 1})
			if q[i-1].Norm == src[j-1].Norm {
				a.Matched++
			}
			a.First = j - 1
		} else {
			steps = append(steps, step{Q: i - 1, S: -1})
		}
		i--
		if args, ok := gapArg[i]; ok && i > 0 {
			pj = int(args[pj])
		}
		j = pj
	}
	for l, r := 0, len(steps)-1; l < r; l, r = l+1, r-1 {
		steps[l], steps[r] = steps[r], steps[l]
	}
	// Dropped source words before the first aligned word are not part of
	// the match.
	for len(steps) > 0 && steps[0].Q < 0 {
		steps = steps[1:]
	}
	a.Steps = steps
	return a
}

// pairs counts the steps that set a quotation word against a source word.
func pairs(a alignment) int {
	n := 0
	for _, s := range a.Steps {
		if s.Q >= 0 && s.S >= 0 {
			n++
		}
	}
	return n
}
