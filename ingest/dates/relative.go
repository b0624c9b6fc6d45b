package dates

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"archivist/app"
)

// Relative dates ("within 30 days after the Effective Date", "sixty (60)
// days from the date of this invoice") are kept only when the document
// states their anchor: the anchor's own date must have been found, with
// the role that names it. Business days are not counted (that needs a
// holiday calendar); such dates are ignored.
var relativeRE = regexp.MustCompile(`(?i)\b([0-9]{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|forty[- ]five|sixty|ninety)\s*(?:\(([0-9]{1,3})\)\s*)?(calendar\s+)?(days?|weeks?|months?|years?)\s+(after|following|from|of|before|prior to)\s+(?:the\s+)?(effective date|commencement date|date hereof|date of this (?:agreement|letter|notice|invoice|statement)|invoice date|date of (?:the )?invoice)`)

var numberWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fourteen": 14, "fifteen": 15, "twenty": 20, "thirty": 30,
	"forty-five": 45, "forty five": 45, "sixty": 60, "ninety": 90}

// anchorOf names the role whose date an anchor phrase refers to.
func anchorOf(phrase string) string {
	p := strings.ToLower(phrase)
	if strings.Contains(p, "effective") || strings.Contains(p, "commencement") {
		return app.RoleEffective
	}
	return app.RoleIssued
}

// anchors returns, per role that can anchor a relative date, the most
// confident date decided with that role.
func anchors(cs []*candidate) map[string]*candidate {
	out := map[string]*candidate{}
	for _, c := range cs {
		if c.Value.End != "" || (c.role != app.RoleEffective && c.role != app.RoleIssued) || c.prob < minRoleProb {
			continue
		}
		if best := out[c.role]; best == nil || c.prob > best.prob {
			out[c.role] = c
		}
	}
	return out
}

// relatives finds the relative dates whose anchor is known, as candidates
// to decide the role of.
func relatives(p *app.Parsed, e *Extractor, known map[string]*candidate, _ order) []*candidate {
	if len(known) == 0 {
		return nil
	}
	var out []*candidate
	for i, b := range p.Blocks {
		if !mayBeRelative(b.Text) {
			continue
		}
		for _, m := range relativeRE.FindAllStringSubmatchIndex(b.Text, -1) {
			g := func(k int) string {
				if m[2*k] < 0 {
					return ""
				}
				return b.Text[m[2*k]:m[2*k+1]]
			}
			n, ok := numberWords[strings.ToLower(g(1))]
			if !ok {
				n, _ = strconv.Atoi(g(1))
			}
			if g(2) != "" {
				n, _ = strconv.Atoi(g(2)) // "sixty (60) days": the figure wins
			}
			anchor := known[anchorOf(g(6))]
			if n <= 0 || anchor == nil {
				continue
			}
			base, _ := time.Parse(time.DateOnly, anchor.Value.Start)
			dir := 1
			if w := strings.ToLower(g(5)); w == "before" || w == "prior to" {
				dir = -1
			}
			var t time.Time
			switch unit := strings.ToLower(g(4)); {
			case strings.HasPrefix(unit, "day"):
				t = base.AddDate(0, 0, dir*n)
			case strings.HasPrefix(unit, "week"):
				t = base.AddDate(0, 0, dir*7*n)
			case strings.HasPrefix(unit, "month"):
				t = base.AddDate(0, dir*n, 0)
			default:
				t = base.AddDate(dir*n, 0, 0)
			}
			rm := mention{Start: m[0], End: m[1], Value: app.DateValue{Start: t.Format(time.DateOnly)}, Relative: anchor.Value.Start}
			c := e.candidate(p, i, rm)
			c.count, c.anchored = 1, anchor.prob
			out = append(out, c)
			if len(out) == app.MaxProposedDates {
				return out
			}
		}
	}
	return out
}

// anchorWords are the anchor phrases relativeRE ends with, in lower case:
// a block without one holds no relative date, whatever its numbers.
var anchorWords = []string{"effective date", "commencement date", "date hereof", "date of this", "invoice date", "date of the invoice", "date of invoice"}

func mayBeRelative(text string) bool {
	lower := strings.ToLower(text)
	for _, w := range anchorWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}
