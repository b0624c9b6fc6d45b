package route

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"archivist/app"
	"archivist/app/lang"
	"archivist/store"
)

// docProfile is a document's bounded search profile: its outline, numbered
// captions, spelled-out abbreviations and most-mentioned years, cached per
// document import.
type docProfile struct {
	outline  []string
	captions []string
	acronyms []string // "NARL: National Atmospheric Research Laboratory"
	years    []string
	// numbered holds, by kind, the distinct numbers of the numbered
	// captions the import stored (app.NumberedCaption), in document order;
	// abbrevs the stored abbreviations, most frequent first. The
	// statistics branch counts from them.
	numbered map[string][]string
	abbrevs  []app.Acronym
	// The direct branch matches every document's name, outline and
	// captions on every question: they are tokenized once here (name is
	// the name text they were made from), and vocab and nameVocab let the
	// branch skip a document that holds none of the question's words
	// (lang.Vocabulary).
	name              string
	nameTok           lang.Prepared
	headsTok, capsTok lang.Prepared
	vocab, nameVocab  lang.Vocabulary
}

// texts returns the name, outline and captions of d to match, as
// lang.NewText of nameText(d), the outline and the captions joined by line
// breaks would make them.
func (p *docProfile) texts(d app.Document) (name, heads, caps *lang.Text) {
	if n := nameText(d); n != p.name {
		name = lang.NewText(n) // renamed since the profile was built
	} else {
		name = p.nameTok.Text()
	}
	return name, p.headsTok.Text(), p.capsTok.Text()
}

// Bounds of a search profile as menus show it.
const (
	profileHeadings = 40
	profileCaptions = 12
	profileAcronyms = 8
)

// profilesOf returns the profiles of docs, reading the missing ones from
// the profiles ingest stored (one query).
func (r *Router) profilesOf(ctx context.Context, snap *store.Snapshot, docs []*docState) (map[string]*docProfile, error) {
	out := map[string]*docProfile{}
	var missing []string
	r.mu.Lock()
	if r.profiles == nil {
		r.profiles = map[string]*docProfile{}
	}
	for _, d := range docs {
		if p, ok := r.profiles[profileKey(d.doc)]; ok {
			out[d.doc.ID] = p
		} else {
			missing = append(missing, d.doc.ID)
		}
	}
	r.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	stored, err := snap.Profiles(ctx, missing)
	if err != nil {
		return nil, fmt.Errorf("retrieve: profiles: %w", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, d := range docs {
		id := d.doc.ID
		if _, ok := out[id]; ok {
			continue
		}
		p := menuProfile(d.doc, stored[id])
		out[id] = p
		size := p.size()
		if r.profileBytes+size > profileCacheBytes {
			r.evictProfiles()
		}
		r.profiles[profileKey(d.doc)] = p
		r.profileBytes += size
	}
	return out, nil
}

// evictProfiles drops cached profiles, in no particular order, until a
// quarter of the budget is free: a library whose profiles outgrow the
// budget keeps most of them, where dropping them all at once would have
// every question rebuild the whole library's.
func (r *Router) evictProfiles() {
	for k, p := range r.profiles {
		if r.profileBytes <= profileCacheBytes*3/4 {
			return
		}
		delete(r.profiles, k)
		r.profileBytes -= p.size()
	}
}

// profileCacheBytes bounds the profiles a Router keeps, by their size: the
// library menu reads every document's profile on every question, so a
// bound by count below the library's documents (it was 4,096) made a large
// library read and rebuild all of them each time. A profile is bounded
// (profileHeadings, profileCaptions, the stored profile's own bounds), a
// few kilobytes at most, so this keeps ten thousands of documents.
const profileCacheBytes = 64 << 20

// size approximates the memory p holds, in bytes.
func (p *docProfile) size() int {
	n := 256
	for _, xs := range [][]string{p.outline, p.captions, p.acronyms, p.years} {
		for _, x := range xs {
			n += len(x) + 16
		}
	}
	for k, xs := range p.numbered {
		n += len(k) + 48
		for _, x := range xs {
			n += len(x) + 16
		}
	}
	for _, a := range p.abbrevs {
		n += len(a.Short) + len(a.Expansion) + 40
	}
	n += 8*(len(p.vocab)+len(p.nameVocab)) + len(p.name)
	n += p.nameTok.Size() + p.headsTok.Size() + p.capsTok.Size()
	return n
}

// menuProfile bounds a stored profile for menus: the shallowest headings
// (in reading order), the first numbered captions, the most frequent
// abbreviations the document spells out, and the years its headings and
// name mention most.
func menuProfile(d app.Document, sp *app.Profile) *docProfile {
	p := &docProfile{numbered: map[string][]string{}}
	years := map[string]int{}
	if sp != nil {
		seen := map[string]bool{}
		for _, c := range sp.Captions {
			if kind, num, ok := app.NumberedCaption(c); ok && !seen[kind+" "+num] {
				seen[kind+" "+num] = true
				p.numbered[kind] = append(p.numbered[kind], num)
			}
		}
		p.abbrevs = sp.Acronyms
		var keep []int
		for i, e := range sp.Outline {
			h := strings.TrimSpace(e.Heading)
			if h != "" && !strings.EqualFold(h, d.Title) {
				keep = append(keep, i)
			}
		}
		if len(keep) > profileHeadings {
			sort.SliceStable(keep, func(a, b int) bool { return sp.Outline[keep[a]].Level < sp.Outline[keep[b]].Level })
			keep = keep[:profileHeadings]
			sort.Ints(keep)
		}
		for _, i := range keep {
			h := strings.TrimSpace(sp.Outline[i].Heading)
			p.outline = append(p.outline, shorten(h, 80))
			countYears(h, years)
		}
		for _, c := range sp.Captions[:min(len(sp.Captions), profileCaptions)] {
			p.captions = append(p.captions, shorten(c, 100))
		}
		for _, a := range sp.Acronyms {
			if a.Expansion == "" {
				continue
			}
			p.acronyms = append(p.acronyms, a.Short+": "+shorten(a.Expansion, 80))
			if len(p.acronyms) == profileAcronyms {
				break
			}
		}
	}
	countYears(d.Title+" "+d.Filename, years)
	p.years = topYears(years, 3)
	p.name = nameText(d)
	p.nameTok = lang.Prepare(p.name)
	p.headsTok = lang.Prepare(strings.Join(p.outline, "\n"))
	p.capsTok = lang.Prepare(strings.Join(p.captions, "\n"))
	p.nameVocab = p.nameTok.Vocabulary()
	p.vocab = append(p.headsTok.Vocabulary(), p.capsTok.Vocabulary()...) // HoldsAny needs it sorted:
	slices.Sort(p.vocab)
	return p
}

// nameText is a document's name as the direct branch matches it.
func nameText(d app.Document) string { return d.Title + "\n" + fileWords(d.Filename) }

// profileKey names a document's import: its ID and import time (in
// nanoseconds, not as formatted text: the library menu looks up every
// document on every question).
func profileKey(d app.Document) string {
	return d.ID + "@" + strconv.FormatInt(d.ImportedAt.UnixNano(), 36)
}

func countYears(s string, into map[string]int) {
	for _, t := range lang.Tokens(s) {
		if len(t.Lower) == 4 && (strings.HasPrefix(t.Lower, "19") || strings.HasPrefix(t.Lower, "20")) {
			if _, err := strconv.Atoi(t.Lower); err == nil {
				into[t.Lower]++
			}
		}
	}
}

func topYears(m map[string]int, n int) []string {
	var ys []string
	for y := range m {
		ys = append(ys, y)
	}
	sort.Slice(ys, func(i, j int) bool {
		if m[ys[i]] != m[ys[j]] {
			return m[ys[i]] > m[ys[j]]
		}
		return ys[i] > ys[j]
	})
	if len(ys) > n {
		ys = ys[:n]
	}
	return ys
}

// mayMatch reports whether the question whose lex keys are keys can find
// anything in d's name, outline or captions.
func (p *docProfile) mayMatch(d app.Document, keys []uint64) bool {
	if p.vocab.HoldsAny(keys) {
		return true
	}
	if name := nameText(d); name != p.name {
		return true // renamed since the profile was built: match it
	}
	return p.nameVocab.HoldsAny(keys)
}
