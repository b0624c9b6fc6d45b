package fts

import (
	"context"
	"strings"
	"unicode/utf8"

	"archivist/app"
	"archivist/app/lang"
	"archivist/store"
)

// sentenceReach bounds how far (bytes) a window grows to reach the start or
// end of the sentence its snippet cut, so quotes are whole sentences.
const sentenceReach = 240

// window returns the evidence window FTS5's snippet picks in passage rowid
// for match: at most app.SnippetTokens tokens, grown to sentence bounds and
// clipped around the first match to at most app.MaxWindowChars characters.
func (a *assembler) window(ctx context.Context, rowid int64, match string) (app.Window, bool, error) {
	p, err := a.snap.Passage(ctx, rowid)
	if err != nil {
		return app.Window{}, false, err
	}
	snip, err := a.snap.Snippet(ctx, match, rowid, app.SnippetTokens)
	if err != nil {
		return app.Window{}, false, err
	}
	first := strings.Index(snip, store.MarkStart)
	clean := strings.NewReplacer(store.MarkStart, "", store.MarkEnd, "").Replace(snip)
	if first < 0 {
		first = 0
	}
	// The snippet is the passage as the index reads it (lang.IndexText),
	// which is the passage text itself unless it holds unspaced scripts or
	// folded characters; Locate maps it back.
	start, end, ok := lang.Locate(p.Text, clean)
	if clean == "" || !ok {
		// Fall back to the passage's opening rather than lose the hit if
		// that ever fails.
		start, end, first, clean = 0, len(p.Text), 0, p.Text
	}
	hit := start + first
	if p.Text[start:end] != clean {
		tail := strings.NewReplacer(store.MarkStart, "", store.MarkEnd, "").Replace(snip[first:])
		if h, _, ok := lang.Locate(p.Text[start:end], tail); ok {
			hit = start + h
		} else {
			hit = start
		}
	}
	start, end = growToSentences(p.Text, start, end)
	start, end = clipAround(p.Text, start, end, hit, app.MaxWindowChars)
	w := SliceWindow(p, start, end)
	if len(w.Spans) == 0 {
		return app.Window{}, false, nil
	}
	if err := a.loadBlocks(ctx, w.Spans); err != nil {
		return app.Window{}, false, err
	}
	return w, true, nil
}

// ending returns the tail of a document's last block: totals, signatures and
// closing clauses live there.
func (a *assembler) ending(ctx context.Context, docID string) (app.Window, bool, error) {
	b, err := a.snap.LastBlock(ctx, docID)
	if err != nil || b == nil || b.Kind == app.BlockHeading {
		return app.Window{}, false, err
	}
	start := 0
	if len(b.Text) > endingChars {
		start = len(b.Text) - endingChars
		for start < len(b.Text) && !utf8.RuneStart(b.Text[start]) {
			start++
		}
		// Begin at the next sentence, or at least the next word.
		if i := nextSentenceStart(b.Text, start); i >= 0 {
			start = i
		} else if i := strings.IndexAny(b.Text[start:], " \n"); i >= 0 {
			start += i + 1
		}
	}
	text := b.Text[start:]
	if strings.TrimSpace(text) == "" {
		return app.Window{}, false, nil
	}
	a.ev.Blocks[b.ID] = *b
	w := app.Window{
		SectionID: b.SectionID,
		Section:   a.ev.Sections[b.SectionID],
		Start:     0,
		End:       len(text),
		Text:      text,
		Spans:     []app.Span{{BlockID: b.ID, Start: start, End: len(b.Text)}},
		PageStart: b.Page,
		PageEnd:   b.Page,
	}
	return w, true, nil
}

func (a *assembler) loadBlocks(ctx context.Context, spans []app.Span) error {
	var missing []string
	for _, s := range spans {
		if _, ok := a.ev.Blocks[s.BlockID]; !ok {
			missing = append(missing, s.BlockID)
		}
	}
	blocks, err := a.snap.BlocksByID(ctx, missing)
	if err != nil {
		return err
	}
	for _, b := range blocks {
		a.ev.Blocks[b.ID] = b
	}
	return nil
}

// SliceWindow cuts passage text [start, end) into a window whose spans say
// which part of which block it covers. A cut inside a separator drops the
// partial separator, so Window.Text is always its spans joined by
// app.PassageSeparator.
func SliceWindow(p *app.Passage, start, end int) app.Window {
	w := app.Window{PassageID: p.ID, SectionID: p.SectionID, Section: p.Headings, PageStart: p.PageStart, PageEnd: p.PageEnd}
	var texts []string
	off := 0
	for _, s := range p.Spans {
		n := s.End - s.Start
		lo, hi := max(start, off), min(end, off+n)
		if lo < hi && strings.TrimSpace(p.Text[lo:hi]) != "" {
			if len(texts) == 0 {
				w.Start = lo
			}
			w.End = hi
			w.Spans = append(w.Spans, app.Span{BlockID: s.BlockID, Start: s.Start + lo - off, End: s.Start + hi - off})
			texts = append(texts, p.Text[lo:hi])
		}
		off += n + len(app.PassageSeparator)
	}
	w.Text = strings.Join(texts, app.PassageSeparator)
	return w
}

// growToSentences moves start back to the start of its sentence and end
// forward to the end of its sentence, each by at most sentenceReach bytes
// and never across a block separator.
func growToSentences(text string, start, end int) (int, int) {
	floor := max(0, start-sentenceReach)
	if i := strings.LastIndex(text[floor:start], app.PassageSeparator); i >= 0 {
		floor += i + len(app.PassageSeparator)
	}
	if s := lastSentenceStart(text[:start], floor); s >= 0 {
		start = s
	}
	ceil := min(len(text), end+sentenceReach)
	if i := strings.Index(text[end:ceil], app.PassageSeparator); i >= 0 {
		ceil = end + i
	}
	if e := sentenceEnd(text, end, ceil); e >= 0 {
		end = e
	}
	return start, end
}

// lastSentenceStart returns the start of the sentence containing offset
// len(prefix), searching no further back than floor, or -1.
func lastSentenceStart(prefix string, floor int) int {
	if len(prefix) == floor {
		return floor
	}
	for i := len(prefix) - 1; i > floor; i-- {
		if isSentenceBreak(prefix, i) {
			return i
		}
	}
	return floor
}

// sentenceEnd returns the end of the sentence that contains offset from,
// searching up to ceil, or ceil when the sentence runs past it only to a
// block's end, or -1.
func sentenceEnd(text string, from, ceil int) int {
	if from > 0 && from <= len(text) && isTerminal(text[from-1]) && !lang.ClosesAbbreviation(text, from-1) {
		return from
	}
	for i := from; i < ceil; i++ {
		if isTerminal(text[i]) && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n') && !lang.ClosesAbbreviation(text, i) {
			return i + 1
		}
	}
	if ceil == len(text) || strings.HasPrefix(text[ceil:], app.PassageSeparator) {
		return ceil
	}
	return -1
}

// nextSentenceStart returns the first sentence start at or after from, or -1.
func nextSentenceStart(text string, from int) int {
	for i := max(from, 1); i < len(text); i++ {
		if isSentenceBreak(text, i) {
			return i
		}
	}
	return -1
}

// isSentenceBreak reports whether a sentence starts at text[i]: after
// terminal punctuation and whitespace, or after a blank line. A period
// that closes an initial or an abbreviation ("James D. Taiclet", "U.S.
// Securities") ends no sentence, as for the answerer.
func isSentenceBreak(text string, i int) bool {
	if i < 2 || text[i] == ' ' || text[i] == '\n' {
		return false
	}
	if text[i-1] == '\n' && text[i-2] == '\n' {
		return true
	}
	return (text[i-1] == ' ' || text[i-1] == '\n') && isTerminal(text[i-2]) && !lang.ClosesAbbreviation(text, i-2)
}

func isTerminal(c byte) bool { return c == '.' || c == '?' || c == '!' }

// clipAround narrows [start, end) to at most limit characters, keeping the
// offset hit inside with a little lead-in.
func clipAround(text string, start, end, hit, limit int) (int, int) {
	if utf8.RuneCountInString(text[start:end]) <= limit {
		return start, end
	}
	lead := limit / 4
	s := hit
	for n := 0; s > start && n < lead; n++ {
		_, size := utf8.DecodeLastRuneInString(text[start:s])
		s -= size
	}
	e := s
	for n := 0; e < end && n < limit; n++ {
		_, size := utf8.DecodeRuneInString(text[e:end])
		e += size
	}
	return s, e
}
