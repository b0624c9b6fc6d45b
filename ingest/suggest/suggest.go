// Package suggest proposes a document's type, correspondent and tags from
// the person's own earlier assignments — documents like this one were
// given these — offline, with nothing applied until the person accepts.
//
// "Like this one" is the cosine of tf-idf vectors of the title (counted
// three times) and the start of the text, against every document that
// carries metadata; the K nearest vote, each with its similarity. A type
// or tag is proposed when it holds at least half of the vote of the
// neighbours that have one. A correspondent is proposed only when a name
// already in the list is written in the title or the start of the text:
// who sent a document is on its letterhead or cover, and neighbours that
// read alike come from other senders as often as from the same one (ten
// companies' annual reports read alike). With no labelled document yet
// there is nothing to learn from, and nothing is proposed.
package suggest

import (
	"context"
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"archivist/app"
)

// Samples reads the documents suggestions learn from.
type Samples interface {
	MetaSamples(ctx context.Context) ([]app.MetaSample, error)
}

// Local is the offline suggester.
type Local struct {
	Lib Samples
}

// Tuning: neighbours that vote, the least similarity that counts, and the
// share of the vote a proposal needs.
const (
	neighbours = 5
	minSim     = 0.05
	minShare   = 0.5
)

// SuggestMeta proposes metadata for one document.
func (l Local) SuggestMeta(ctx context.Context, documentID string) (*app.MetaSuggestion, error) {
	all, err := l.Lib.MetaSamples(ctx)
	if err != nil {
		return nil, err
	}
	for _, s := range all {
		if s.DocumentID == documentID {
			sug := Propose(s, all)
			return &sug, nil
		}
	}
	return nil, app.Errorf(app.ENotFound, "The document is not ready or no longer in the library.")
}

// Propose suggests metadata for target from the labelled samples (target
// itself, and samples without any metadata, are skipped). Metadata target
// already has is not proposed again.
func Propose(target app.MetaSample, samples []app.MetaSample) app.MetaSuggestion {
	out := app.MetaSuggestion{DocumentID: target.DocumentID}
	var labelled []app.MetaSample
	for _, s := range samples {
		m := s.Meta
		if s.DocumentID != target.DocumentID && (m.Type != "" || m.Correspondent != "" || len(m.Tags) > 0) {
			labelled = append(labelled, s)
		}
	}
	if len(labelled) == 0 {
		return out
	}
	vecs := vectors(append([]app.MetaSample{target}, labelled...))
	type near struct {
		s   app.MetaSample
		sim float64
	}
	var nn []near
	for i, s := range labelled {
		if sim := cosine(vecs[0], vecs[i+1]); sim >= minSim {
			nn = append(nn, near{s, sim})
		}
	}
	sort.SliceStable(nn, func(i, j int) bool { return nn[i].sim > nn[j].sim })
	nn = nn[:min(len(nn), neighbours)]
	for _, n := range nn {
		out.Basis = append(out.Basis, n.s.Title)
	}
	vote := func(values func(app.DocumentMeta) []string) map[string]float64 {
		share := map[string]float64{}
		total := 0.0
		for _, n := range nn {
			vs := values(n.s.Meta)
			if len(vs) == 0 {
				continue
			}
			total += n.sim
			for _, v := range vs {
				share[v] += n.sim
			}
		}
		for v := range share {
			share[v] /= total
		}
		return share
	}
	one := func(s string) []string {
		if s == "" {
			return nil
		}
		return []string{s}
	}
	best := func(share map[string]float64) (string, float64) {
		var name string
		var top float64
		for v, s := range share {
			if s > top || (s == top && v < name) {
				name, top = v, s
			}
		}
		if top < minShare {
			return "", 0
		}
		return name, top
	}
	if target.Meta.Type == "" {
		var c float64
		out.Type, c = best(vote(func(m app.DocumentMeta) []string { return one(m.Type) }))
		out.Confidence = max(out.Confidence, c)
	}
	if target.Meta.Correspondent == "" {
		if name := namedCorrespondent(target, labelled); name != "" {
			out.Correspondent, out.Confidence = name, max(out.Confidence, 0.9)
		}
	}
	have := map[string]bool{}
	for _, t := range target.Meta.Tags {
		have[strings.ToLower(t)] = true
	}
	for tag, s := range vote(func(m app.DocumentMeta) []string { return m.Tags }) {
		if s >= minShare && !have[strings.ToLower(tag)] {
			out.Tags = append(out.Tags, tag)
			out.Confidence = max(out.Confidence, s)
		}
	}
	sort.Strings(out.Tags)
	return out
}

// namedCorrespondent returns the known correspondent whose name is
// written earliest in the title, else in the text; "" when none is.
func namedCorrespondent(target app.MetaSample, labelled []app.MetaSample) string {
	names := map[string]bool{}
	for _, s := range labelled {
		if s.Meta.Correspondent != "" {
			names[s.Meta.Correspondent] = true
		}
	}
	for _, text := range []string{target.Title, target.Text} {
		lower := " " + strings.Join(words(text), " ") + " "
		best, at := "", len(lower)
		for name := range names {
			key := " " + strings.Join(words(name), " ") + " "
			if strings.TrimSpace(key) == "" {
				continue
			}
			if i := strings.Index(lower, key); i >= 0 && (i < at || (i == at && len(name) > len(best))) {
				best, at = name, i
			}
		}
		if best != "" {
			return best
		}
	}
	return ""
}

// formNumber joins a form's number to its letter ("10-K" → "10k"), so the
// kind of a filing is one word.
var formNumber = regexp.MustCompile(`\b(\d{1,2})-([A-Za-z])\b`)

// words are the lower-cased runs of letters and digits of s.
func words(s string) []string {
	s = formNumber.ReplaceAllString(s, "$1$2")
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// stop words carry no sign of what a document is.
var stop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the and for with that this from are was were has have had not but its his her their our your you
		all any can will would may which who whom into than then them they there these those such other also each been being
		per page pages inc ltd llc corp co company report annual`) {
		stop[w] = true
	}
}

// terms counts a sample's words: the title's three times.
func terms(s app.MetaSample) map[string]float64 {
	tf := map[string]float64{}
	add := func(text string, weight float64) {
		for _, w := range words(text) {
			if len(w) < 2 || stop[w] || isYear(w) {
				continue
			}
			tf[w] += weight
		}
	}
	add(s.Title, 3)
	add(s.Text, 1)
	return tf
}

// isYear: a year says when, not what or from whom.
func isYear(w string) bool {
	return len(w) == 4 && (strings.HasPrefix(w, "19") || strings.HasPrefix(w, "20")) && strings.Trim(w, "0123456789") == ""
}

// vectors are the samples' tf-idf vectors, unit length.
func vectors(samples []app.MetaSample) []map[string]float64 {
	tfs := make([]map[string]float64, len(samples))
	df := map[string]int{}
	for i, s := range samples {
		tfs[i] = terms(s)
		for w := range tfs[i] {
			df[w]++
		}
	}
	n := float64(len(samples))
	for _, tf := range tfs {
		norm := 0.0
		for w, c := range tf {
			v := (1 + math.Log(c)) * math.Log(1+n/float64(df[w]))
			tf[w] = v
			norm += v * v
		}
		norm = math.Sqrt(norm)
		for w := range tf {
			tf[w] /= norm
		}
	}
	return tfs
}

func cosine(a, b map[string]float64) float64 {
	if len(a) > len(b) {
		a, b = b, a
	}
	s := 0.0
	for w, x := range a {
		s += x * b[w]
	}
	return s
}
