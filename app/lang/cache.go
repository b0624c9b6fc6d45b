package lang

import (
	"hash/maphash"
	"sync"
)

// tokenized is a text's tokens in compact form: stems and byte spans, and
// which tokens are written with a capital (a name's words, or a sentence's
// first: word kin skips them, see Text.indexFor).
type tokenized struct {
	stems   []string
	starts  []int32
	ends    []int32
	caps    []bool
	numeric int
}

// Tokenizing is most of the cost of judging text, and the same passages
// are read again and again (by menus, scoring, later questions), so
// tokenized texts are cached by content: bounded, and dropped whole when
// full. Keys are content hashes checked against the text itself, so a
// changed passage never meets a stale entry.
const (
	cacheEntries  = 8192
	cacheMinBytes = 256 // shorter texts are cheaper to tokenize than to look up
)

var (
	cacheSeed = maphash.MakeSeed()
	cacheMu   sync.Mutex
	cache     = map[uint64]cacheEntry{}
)

type cacheEntry struct {
	text string
	tk   *tokenized
}

func tokenize(s string) *tokenized {
	if len(s) < cacheMinBytes {
		return tokenizeNow(s)
	}
	h := maphash.String(cacheSeed, s)
	cacheMu.Lock()
	e, ok := cache[h]
	cacheMu.Unlock()
	if ok && e.text == s {
		return e.tk
	}
	tk := tokenizeNow(s)
	cacheMu.Lock()
	if len(cache) >= cacheEntries {
		cache = map[uint64]cacheEntry{}
	}
	cache[h] = cacheEntry{s, tk}
	cacheMu.Unlock()
	return tk
}

func tokenizeNow(s string) *tokenized {
	n := len(s)/6 + 1
	tk := &tokenized{stems: make([]string, 0, n), starts: make([]int32, 0, n), ends: make([]int32, 0, n), caps: make([]bool, 0, n)}
	var arr [32]byte
	sc := scanner{s: s, buf: arr[:0]}
	// One read lock for the whole text; words not cached yet are stemmed
	// and stored after it is released. Numbers are their own stems.
	var missed []int
	stemMu.RLock()
	for sc.next() {
		tk.starts = append(tk.starts, int32(sc.start))
		tk.ends = append(tk.ends, int32(sc.end))
		tk.caps = append(tk.caps, s[sc.start] >= 'A' && s[sc.start] <= 'Z')
		if sc.digit {
			tk.stems = append(tk.stems, string(sc.buf))
			tk.numeric++
			continue
		}
		st, ok := stemCache[string(sc.buf)]
		if !ok {
			st = string(sc.buf)
			missed = append(missed, len(tk.stems))
		}
		tk.stems = append(tk.stems, st)
	}
	stemMu.RUnlock()
	for _, i := range missed {
		tk.stems[i] = storeStem(tk.stems[i])
	}
	return tk
}

// Spans returns the stems of s's tokens with their byte offsets, from the
// cache when s was seen recently.
func Spans(s string) (stems []string, starts, ends []int32) {
	tk := tokenize(s)
	return tk.stems, tk.starts, tk.ends
}
