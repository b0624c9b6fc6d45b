package route

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"archivist/app"
	"archivist/app/lang"
	"archivist/retrieve/fts"
	"archivist/retrieve/jev"
)

// The usefulness rubric (docs/design.md §4): four levels; a passage below 1.5 is
// dropped, one at 2.75 or above ends the search.
var usefulnessLevels = []string{
	"Not useful: nothing in the passage bears on the question.",
	"Related: the passage is on the question's topic but answers no part of it.",
	"Partly useful: the passage answers part of the question, such as some of the entities, periods or figures asked for.",
	"Directly useful: the passage answers the whole question, or holds every figure needed to work the answer out.",
}

const scoreInstructions = "How useful is this passage, on its own, for answering the person's question?"

const coverageInstructions = "Taken together, do these passages cover every entity, relationship, time period and " +
	"qualifier the person's question asks about, so that it can be answered from them alone?"

// scoreRound scores the best pending candidates: up to requests requests
// (at most jev.MaxInFlight) of up to ScoresPerRequest passages, sent
// concurrently, within the budget. No request takes more than half its
// passages from one section while others wait, nor from one document.
func (w *walk) scoreRound(ctx context.Context, requests int) error {
	order := w.pendingOrder()
	room := w.lim.Scores - w.tr.Scores
	if room <= 0 || len(order) == 0 {
		return nil
	}
	docsPending := map[string]bool{}
	for _, c := range order {
		docsPending[c.doc.doc.ID] = true
	}
	perDoc := w.lim.ScoresPerRequest
	if len(docsPending) > 1 {
		// Pending passages share the budget across documents.
		perDoc = max(1, w.lim.ScoresPerRequest/2)
	}
	secsPending := map[string]bool{}
	for _, c := range order {
		secsPending[c.ref.SectionID] = true
	}
	perSec := w.lim.ScoresPerRequest
	if len(secsPending) > 1 {
		perSec = max(1, w.lim.ScoresPerRequest/2)
	}
	var batches [][]*candidate
	for len(batches) < min(requests, jev.MaxInFlight) && room > 0 && len(order) > 0 {
		var batch, rest []*candidate
		count := map[string]int{}
		secs := map[string]int{}
		for _, c := range order {
			id := c.doc.doc.ID
			if len(batch) < min(w.lim.ScoresPerRequest, room) && count[id] < perDoc && secs[c.ref.SectionID] < perSec {
				batch = append(batch, c)
				count[id]++
				secs[c.ref.SectionID]++
			} else {
				rest = append(rest, c)
			}
		}
		batches = append(batches, batch)
		room -= len(batch)
		order = rest
		if len(order) == 0 || len(batch) < w.lim.ScoresPerRequest {
			break
		}
	}
	if err := w.loadTexts(ctx, batches); err != nil {
		return err
	}
	if err := w.loadPictures(ctx, batches); err != nil {
		return err
	}
	answers := make([]map[string]jev.Answer, len(batches))
	errs := make([]error, len(batches))
	asked := make([][][]string, len(batches))
	var wg sync.WaitGroup
	for i, b := range batches {
		var req *jev.Request
		req, asked[i] = w.scoreRequest(b)
		w.tr.Requests++
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i], errs[i] = jev.Decide(ctx, w.r.Provider, req)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	var kept []*candidate
	for i, b := range batches {
		for k, c := range b {
			// A passage shown in subsets of its pictures keeps its highest
			// usefulness.
			for j, id := range asked[i][k] {
				a := answers[i][id]
				if j == 0 || a.Score > c.usefulness {
					c.usefulness = a.Score
				}
				w.tr.Pictures += a.Pictures
				w.tr.note(a.Note)
			}
			delete(w.pending, c.key)
			w.scored[c.key] = true
			w.rated[c.key] = c.usefulness
			w.tr.Scores++
			ok := c.usefulness >= w.lim.Keep
			w.tr.Visits = append(w.tr.Visits, TraceVisit{PassageID: passageID(c), DocumentID: c.doc.doc.ID, Kind: c.kind,
				PageStart: c.ref.PageStart, PageEnd: c.ref.PageEnd, Usefulness: round6(c.usefulness), RouteScore: round6(c.route), Kept: ok})
			if ok {
				w.kept = append(w.kept, c)
				kept = append(kept, c)
			}
			if c.usefulness >= w.lim.Stop && w.stopped == "" && w.agrees(c) {
				w.stopped = "answer found"
			}
		}
	}
	for _, c := range kept {
		if err := w.followReferences(ctx, c); err != nil {
			return err
		}
	}
	if w.stopped == "" {
		return w.checkCoverage(ctx)
	}
	return nil
}

func scoreID(k int) string { return "p" + strconv.Itoa(k+1) }

func passageID(c *candidate) string {
	if c.kind == "statistics" {
		return ""
	}
	return c.ref.ID
}

// loadTexts reads the text of the passages about to be scored: the body
// alone, the rest from the candidate's reference. Block spans are read
// only for the few passages that become evidence (loadEvidence); decoding
// them for every scored passage was a tenth of a question's time.
func (w *walk) loadTexts(ctx context.Context, batches [][]*candidate) error {
	want := map[int64]bool{}
	for _, b := range batches {
		for _, c := range b {
			if c.kind != "statistics" && c.passage == nil {
				want[c.ref.RowID] = true
			}
		}
	}
	if len(want) == 0 {
		return nil
	}
	bodies, err := w.passageTexts(ctx, want)
	if err != nil {
		return err
	}
	for _, b := range batches {
		for _, c := range b {
			if body, ok := bodies[c.ref.RowID]; ok && c.kind != "statistics" && c.passage == nil {
				c.passage = &app.Passage{ID: c.ref.ID, DocumentID: c.doc.doc.ID, SectionID: c.ref.SectionID, Seq: c.ref.Seq,
					Text: body, PageStart: c.ref.PageStart, PageEnd: c.ref.PageEnd}
			}
		}
	}
	return nil
}

// loadEvidence reads in full (heading path, block spans) the passages
// chosen as evidence.
func (w *walk) loadEvidence(ctx context.Context, chosen []*candidate) error {
	var ids []int64
	for _, c := range chosen {
		if c.kind != "statistics" {
			ids = append(ids, c.ref.RowID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	ps, err := w.snap.PassagesByRowID(ctx, ids)
	if err != nil {
		return fmt.Errorf("retrieve: evidence: %w", err)
	}
	for _, c := range chosen {
		if p, ok := ps[c.ref.RowID]; ok && c.kind != "statistics" {
			c.passage = &p
		}
	}
	return nil
}

// evidenceOf is how a candidate is shown to the provider: where it comes
// from, then its text.
func (w *walk) evidenceOf(c *candidate) (string, []jev.Part) {
	d := c.doc.doc
	title := d.Title
	if d.Filename != "" {
		title += " (" + fileWords(d.Filename) + ")"
	}
	if c.kind == "statistics" {
		parts := []jev.Part{{Role: jev.RoleTitle, Text: title}, {Role: jev.RoleStatistics, Text: c.text}}
		if c.counts != "" {
			parts = append(parts, jev.Part{Role: jev.RoleEcho, Text: c.counts})
		}
		return "Document: " + title + "\n" + c.text + "\n" + c.counts, parts
	}
	text, section := "", ""
	if c.passage != nil {
		text = c.passage.Text
		section = c.doc.paths[c.passage.SectionID]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Document: %s\n", title)
	if section != "" {
		fmt.Fprintf(&b, "Section: %s\n", section)
	}
	if c.ref.PageStart > 0 {
		fmt.Fprintf(&b, "Pages: %s\n", strings.TrimSpace(strings.Trim(pageSpan(c.ref.PageStart, c.ref.PageEnd), " ()")))
	}
	b.WriteString("\n" + text)
	parts := []jev.Part{{Role: jev.RoleTitle, Text: title}}
	if section != "" {
		parts = append(parts, jev.Part{Role: jev.RoleHeading, Text: section})
	}
	parts = append(parts, jev.Part{Role: jev.RoleBody, Text: text})
	return b.String(), parts
}

// scoreRequest asks the usefulness of each passage of batch, and returns
// the IDs of each one's questions: one, or one for each subset of its
// pictures (at most app.MaxImagesPerQuestion a question) while the request
// has room for them.
func (w *walk) scoreRequest(batch []*candidate) (*jev.Request, [][]string) {
	req := &jev.Request{State: w.question.Text, Hints: w.hints}
	ids := make([][]string, len(batch))
	room := jev.MaxScorePerReq - len(batch)
	for k, c := range batch {
		text, parts := w.evidenceOf(c)
		q := jev.Question{ID: scoreID(k), Kind: jev.Score, Instructions: scoreInstructions,
			Evidence: text, EvidenceParts: parts, Levels: usefulnessLevels, IndexScore: c.prior, Abbreviations: c.doc.defs}
		for j, sub := range subsets(c.pictures, app.MaxImagesPerQuestion) {
			if j > 0 {
				if room == 0 {
					break
				}
				room--
				q.ID = scoreID(k) + "." + strconv.Itoa(j+1)
			}
			q.Pictures = sub
			req.Questions = append(req.Questions, q)
			ids[k] = append(ids[k], q.ID)
		}
		if len(ids[k]) == 0 {
			req.Questions = append(req.Questions, q)
			ids[k] = []string{q.ID}
		}
	}
	return req, ids
}

// subsets cuts pics into runs of at most n.
func subsets(pics []app.Picture, n int) [][]app.Picture {
	var out [][]app.Picture
	for len(pics) > 0 {
		k := min(n, len(pics))
		out = append(out, pics[:k])
		pics = pics[k:]
	}
	return out
}

// loadPictures cuts the figures of the picture passages about to be
// scored, when the question points at pictures and its provider sees them;
// whether it does is asked once a question, when the first picture
// passage comes up, and a provider that does not say is noted.
func (w *walk) loadPictures(ctx context.Context, batches [][]*candidate) error {
	if w.pictures == nil || w.snap.PicturesHidden() || (w.sees != nil && !*w.sees) {
		return nil
	}
	var ids []int64
	for _, b := range batches {
		for _, c := range b {
			if c.kind != "statistics" && !c.figured {
				ids = append(ids, c.ref.RowID)
			}
		}
	}
	figures, err := w.snap.PictureFigures(ctx, ids)
	if err != nil {
		return fmt.Errorf("retrieve: score: %w", err)
	}
	if len(figures) == 0 {
		return nil
	}
	if w.sees == nil {
		ok, why := jev.SeesImages(ctx, w.r.Provider)
		w.sees = &ok
		if !ok {
			w.tr.note(why)
			return nil
		}
	}
	for _, b := range batches {
		for _, c := range b {
			if c.kind == "statistics" || c.figured {
				continue
			}
			c.figured = true
			if blocks := figures[c.ref.RowID]; len(blocks) > 0 {
				var why string
				c.pictures, why = w.pictures.Figures(ctx, c.doc.doc, blocks)
				w.tr.note(why)
			}
		}
	}
	return nil
}

// checkCoverage asks, once three or more partial passages are kept and
// their set has changed, whether together they answer the question.
func (w *walk) checkCoverage(ctx context.Context) error {
	var partial []*candidate
	for _, c := range w.kept {
		if c.usefulness < w.lim.Stop {
			partial = append(partial, c)
		}
	}
	if len(partial) < w.lim.CoverageAfter {
		return nil
	}
	sortByUsefulness(partial)
	if len(partial) > w.lim.Passages {
		partial = partial[:w.lim.Passages]
	}
	keys := make([]string, len(partial))
	for i, c := range partial {
		keys[i] = c.key
	}
	sorted := append([]string(nil), keys...)
	sort.Strings(sorted)
	set := strings.Join(sorted, ",")
	if set == w.checked {
		return nil
	}
	w.checked = set
	var texts []string
	var parts []jev.Part
	var defs []lang.Abbreviation
	chars := 0
	for _, c := range partial {
		t, ps := w.evidenceOf(c)
		if chars+utf8.RuneCountInString(t) > w.lim.Chars {
			break
		}
		chars += utf8.RuneCountInString(t)
		texts = append(texts, t)
		parts = append(parts, ps...)
		for _, d := range c.doc.defs {
			if !slices.Contains(defs, d) {
				defs = append(defs, d)
			}
		}
	}
	req := &jev.Request{State: w.question.Text, Hints: w.hints, Questions: []jev.Question{{ID: "coverage", Kind: jev.Noul,
		Instructions: coverageInstructions, Evidence: strings.Join(texts, "\n\n---\n\n"), EvidenceParts: parts,
		Abbreviations: defs}}}
	w.tr.Requests++
	answers, err := jev.Decide(ctx, w.r.Provider, req)
	if err != nil {
		return err
	}
	yes := answers["coverage"].Yes
	w.tr.Coverage = append(w.tr.Coverage, TraceCheck{Passages: keys, Yes: round6(yes)})
	if yes >= 0.5 {
		w.stopped = "evidence set covers the question"
	}
	return nil
}

// sortByUsefulness orders candidates by usefulness, then route score, then
// reading order.
func sortByUsefulness(cs []*candidate) {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.usefulness != b.usefulness {
			return a.usefulness > b.usefulness
		}
		if a.route != b.route {
			return a.route > b.route
		}
		if a.doc.rank != b.doc.rank {
			return a.doc.rank < b.doc.rank
		}
		return a.ref.Seq < b.ref.Seq
	})
}

// assemble turns the kept passages into the question's evidence: ordered
// by usefulness then route score (a passage adding no page to the better
// ones going after those that do), at most Passages passages, Chars
// characters and app.MaxSources documents. Only verbatim passages become
// evidence windows; a useful statistics branch becomes Evidence.Statistics.
func (w *walk) assemble(ctx context.Context) error {
	if w.stopped == "" {
		w.stopped = "explored everything"
	}
	w.tr.Stopped = w.stopped
	for i := range w.tr.Edges {
		if w.tr.Edges[i].Outcome == "" {
			// Offered, but a better route to the same place won.
			w.tr.Edges[i].Outcome = "pruned"
		}
	}
	results := append([]*candidate(nil), w.kept...)
	sortByUsefulness(results)
	results, err := w.floor(ctx, newPagesFirst(results), w.lim.Passages)
	if err != nil {
		return err
	}
	results = newPagesFirst(results)
	var chosen []*candidate
	chars := 0
	docs := map[string]bool{}
	for _, c := range results {
		if len(chosen) == w.lim.Passages {
			break
		}
		n := utf8.RuneCountInString(c.text)
		if c.passage != nil {
			n = utf8.RuneCountInString(c.passage.Text)
		} else if c.kind != "statistics" {
			n = c.ref.Chars
		}
		if chars+n > w.lim.Chars {
			continue
		}
		if !docs[c.doc.doc.ID] && len(docs) == app.MaxSources {
			continue
		}
		docs[c.doc.doc.ID] = true
		chars += n
		chosen = append(chosen, c)
	}
	chosen = w.withCover(chosen)
	if err := w.loadEvidence(ctx, chosen); err != nil {
		return err
	}
	bySrc := map[string]int{} // document ID → index into w.ev.Sources
	var spans []app.Span
	for _, c := range chosen {
		section := ""
		if c.passage != nil {
			section = c.doc.paths[c.passage.SectionID]
		}
		w.tr.Results = append(w.tr.Results, TraceResult{PassageID: passageID(c), DocumentID: c.doc.doc.ID, Title: c.doc.doc.Title,
			Section: section, Kind: c.kind, PageStart: c.ref.PageStart, PageEnd: c.ref.PageEnd,
			Usefulness: round6(c.usefulness), RouteScore: round6(c.route)})
		if c.kind == "statistics" {
			text := c.text
			if c.counts != "" {
				text += "\n" + c.counts
			}
			w.ev.Statistics = append(w.ev.Statistics, app.Statistic{DocumentID: c.doc.doc.ID, Title: c.doc.doc.Title,
				Text: text, Usefulness: round6(c.usefulness)})
			continue
		}
		if c.passage == nil {
			continue
		}
		win := fts.SliceWindow(c.passage, 0, len(c.passage.Text))
		if len(win.Spans) == 0 {
			continue
		}
		win.Weak = c.kind == "fts"
		i, ok := bySrc[c.doc.doc.ID]
		if !ok {
			i = len(w.ev.Sources)
			w.ev.Sources = append(w.ev.Sources, app.Source{N: i + 1, DocumentID: c.doc.doc.ID, Title: c.doc.doc.Title, Format: c.doc.doc.Format})
			bySrc[c.doc.doc.ID] = i
			for id, p := range c.doc.paths {
				w.ev.Sections[id] = p
			}
		}
		w.ev.Sources[i].Windows = append(w.ev.Sources[i].Windows, win)
		spans = append(spans, win.Spans...)
	}
	for i := range w.ev.Sources {
		s := &w.ev.Sources[i]
		texts := make([]string, len(s.Windows))
		for k, win := range s.Windows {
			texts[k] = win.Text
		}
		s.Text = strings.Join(texts, app.WindowSeparator)
	}
	var ids []string
	want := map[string]bool{}
	for _, sp := range spans {
		if _, ok := w.ev.Blocks[sp.BlockID]; !ok && !want[sp.BlockID] {
			want[sp.BlockID] = true
			ids = append(ids, sp.BlockID)
		}
	}
	blocks, err := w.snap.BlocksByID(ctx, ids)
	if err != nil {
		return fmt.Errorf("retrieve: evidence: %w", err)
	}
	for _, b := range blocks {
		w.ev.Blocks[b.ID] = b
	}
	return nil
}

// coverPassages bounds the first-page passages withCover adds.
const coverPassages = 2

// withCover adds, after the chosen evidence, the first page of the leading
// document when the question asks a particular its cover states
// (lang.Asked.Particular): a form states its issuer's seat, incorporation,
// trading symbol, exchange and shares outstanding on its first page, as
// entries over captions that share few words with a question. They go
// after every chosen passage, so no ranked passage moves, at most
// coverPassages of them, none already chosen.
func (w *walk) withCover(chosen []*candidate) []*candidate {
	if !w.query.Asked.Particular || len(chosen) == 0 || chosen[0].kind == "statistics" {
		return chosen
	}
	ds := chosen[0].doc
	taken := map[string]bool{}
	for _, c := range chosen {
		taken[c.key] = true
	}
	added := 0
	for _, ref := range ds.refs {
		if added == coverPassages || ref.PageStart > 1 {
			break
		}
		if ref.PageStart == 1 && !taken[ref.ID] {
			chosen = append(chosen, w.keptOrNew(ds, ref, "cover"))
			added++
		}
	}
	return chosen
}

// newPagesFirst keeps the order of results but moves after the others each
// passage whose pages better passages of the same document already cover:
// a second passage of a page adds less for the reader than a page not yet
// shown. Statistics and passages without pages keep their place.
func newPagesFirst(results []*candidate) []*candidate {
	type page struct {
		doc string
		n   int
	}
	seen := map[page]bool{}
	var fresh, covered []*candidate
	for _, c := range results {
		if c.kind == "statistics" || c.ref.PageStart == 0 {
			fresh = append(fresh, c)
			continue
		}
		adds := false
		for n := c.ref.PageStart; n <= max(c.ref.PageStart, c.ref.PageEnd); n++ {
			if !seen[page{c.doc.doc.ID, n}] {
				adds = true
				seen[page{c.doc.doc.ID, n}] = true
			}
		}
		if adds {
			fresh = append(fresh, c)
		} else {
			covered = append(covered, c)
		}
	}
	return append(fresh, covered...)
}

// agrees reports whether a decisive passage is confirmed by a second
// reading: the FTS5 pass ranks it among the scope's first few, or another
// passage was rated decisive too. One lexical judge's single score does
// not end the walk.
func (w *walk) agrees(c *candidate) bool {
	for i, h := range w.hits {
		if i == stopAgreeRank {
			break
		}
		if h.PassageID == c.key {
			return true
		}
	}
	for _, k := range w.kept {
		if k != c && k.usefulness >= w.lim.Stop {
			return true
		}
	}
	return false
}

// stopAgreeRank is how high the FTS5 pass must rank a decisive passage
// for it to end the walk alone.
const stopAgreeRank = 3
