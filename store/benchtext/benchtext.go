// Package benchtext makes the pseudo-text of generated benchmark
// libraries: words drawn with a Zipf distribution, so FTS5 sees realistic
// posting-list lengths (a few very common words, a long tail of rare
// ones). The `bench` command and the store's benchmarks draw the same
// words.
package benchtext

import (
	"math/rand"
	"strings"
)

// Vocabulary is 20,000 distinct pseudo-words, the same in every run.
var Vocabulary = func() []string {
	syll := strings.Fields("ka lo mi ne ru sa te vi do ga he ji ku ma no pe ri so tu wa ya ze bo fa")
	r := rand.New(rand.NewSource(99))
	seen := map[string]bool{}
	var words []string
	for len(words) < 20000 {
		var b strings.Builder
		for n := 1 + r.Intn(4); n > 0; n-- {
			b.WriteString(syll[r.Intn(len(syll))])
		}
		if w := b.String(); !seen[w] && len(w) > 2 {
			seen[w] = true
			words = append(words, w)
		}
	}
	return words
}()

// Words returns a source of Vocabulary words drawn from r with a Zipf
// distribution.
func Words(r *rand.Rand) func() string {
	zipf := rand.NewZipf(r, 1.07, 2, uint64(len(Vocabulary)-1))
	return func() string { return Vocabulary[zipf.Uint64()] }
}
