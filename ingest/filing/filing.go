// Package filing proposes a folder for a newly imported document. The
// decision provider (an app.Chooser; the local judge when offline) walks the folder tree
// from the top, one choice per level between the folders there and "none",
// reading the document's title, shallowest headings and a bounded sample of
// its text against what each folder already holds. When nothing fits it
// proposes a new folder, named from the document and validated before it is
// offered. It only proposes: nothing moves until the person accepts.
package filing

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"archivist/app"
	"archivist/app/lang"
	"archivist/store"
)

// Limits of a proposal (docs/design.md §4 asks menus to stay small; filing menus
// are smaller still so a remote provider reads them cheaply).
const (
	MenuSize        = 16   // folders per menu; larger levels are split into several menus
	MaxDepth        = 8    // levels walked at most
	SampleHeadings  = 6    // of the new document's shallowest headings
	MaxHeadingChars = 60   // longer headings are left out of the state
	SampleChars     = 600  // of the new document's body text
	FolderDocuments = 8    // documents described per folder
	DocHeadings     = 6    // headings per described document
	FolderChars     = 1500 // description per folder option
	NameWords       = 4    // words in a proposed new folder name
	SubjectWords    = 5    // title and file name words that say what a document is about without its headings
)

// NoneWeight is how much of "none"'s probability the best folder must reach
// to be proposed. Below 1 on purpose: a proposal is only a suggestion the
// person confirms with one click, and the local judge keeps most of its
// mass on none unless an option matches as closely as a passage answers a
// question — a folder of similar documents rarely does.
const NoneWeight = 0.4

// Snapshots opens the read snapshot a proposal is made from.
type Snapshots interface {
	Snapshot(ctx context.Context) (*store.Snapshot, error)
}

// Filer proposes folders with its decision provider. Filing runs outside
// any conversation, so it never has consent to send a document's headings
// anywhere: the wiring gives it the embedded local judge.
type Filer struct {
	Store    Snapshots
	Provider app.Chooser
}

// New returns a Filer reading st and asking p.
func New(st Snapshots, p app.Chooser) *Filer { return &Filer{Store: st, Provider: p} }

// The instructions the provider reads with each menu.
const (
	folderInstructions = "Pick the folder this document belongs in, judging by the titles and headings of the documents already filed there. Answer none when no folder fits."
	nameInstructions   = "Pick the name that best describes a new folder for this document."
)

// input is what every menu of one proposal reads about the document.
type input struct {
	state  string             // title and headings
	sample string             // bounded body text, as evidence
	index  map[string]float64 // the index's rank of each other document against the state (IndexScores)
}

// ProposeFolder returns where the document should be filed: an existing
// folder, or a new one (validated: a clean name, not used beside it, with
// room in its level's menu). It returns nil when it has nothing to propose.
func (f *Filer) ProposeFolder(ctx context.Context, documentID string) (*app.FilingProposal, error) {
	return f.Place(ctx, documentID, nil)
}

// Place is ProposeFolder judged as if the documents in moved were filed in
// the folders it maps them to ("" for none): a review places related
// documents against the library as the moves it already proposes would
// leave it, so that one misfiled document cannot draw its relatives to
// where it lies.
func (f *Filer) Place(ctx context.Context, documentID string, moved map[string]string) (*app.FilingProposal, error) {
	sample, in, root, err := f.read(ctx, documentID, moved)
	if err != nil || in.state == "" {
		return nil, err
	}
	prop := &app.FilingProposal{DocumentID: documentID, Title: sample.Title, Confidence: 1}
	at := root
	for depth := 0; depth < MaxDepth && len(targets(at.Children)) > 0; depth++ {
		best, p, err := f.pick(ctx, in, targets(at.Children))
		if err != nil {
			return nil, err
		}
		if best == nil {
			break
		}
		at = best
		prop.Confidence *= p
	}
	if at != root && (len(at.Docs) > 0 || len(at.Children) == 0) {
		prop.FolderID, prop.Path = at.ID, at.Path
		return prop, nil
	}
	// Nothing below at fits: a new folder under it.
	name, p, err := f.name(ctx, in, sample, at)
	if err != nil || name == "" {
		return nil, err
	}
	prop.ParentID, prop.NewName, prop.Confidence = at.ID, name, prop.Confidence*p
	prop.Path = name
	if at.Path != "" {
		prop.Path = at.Path + " › " + name
	}
	return prop, nil
}

// read reads, in one snapshot, the document, what the provider will read
// of it, and the folder tree without it (with the moves in moved made);
// in.state is "" when the document gives nothing to match.
func (f *Filer) read(ctx context.Context, documentID string, moved map[string]string) (*store.DocumentSample, input, *Node, error) {
	snap, err := f.Store.Snapshot(ctx)
	if err != nil {
		return nil, input{}, nil, err
	}
	defer snap.Close()
	sample, state, err := ReadDocument(ctx, snap, documentID)
	if err != nil || state == "" {
		return nil, input{}, nil, err
	}
	folders, err := snap.Folders(ctx)
	if err != nil {
		return nil, input{}, nil, err
	}
	placed, err := snap.PlacedDocuments(ctx, DocHeadings)
	if err != nil {
		return nil, input{}, nil, err
	}
	index, err := indexOf(ctx, snap, state, placed, documentID)
	if err != nil {
		return nil, input{}, nil, err
	}
	return sample, input{state: state, sample: sampleOf(sample), index: index}, BuildTree(folders, Moved(placed, moved), documentID), nil
}

// targets are the folders a document may be filed in: all but the
// catch-alls, where documents wait to be filed (CatchAll).
func targets(folders []*Node) []*Node {
	var out []*Node
	for _, n := range folders {
		if !CatchAll(n.Name) {
			out = append(out, n)
		}
	}
	return out
}

// CatchAll reports whether a folder's name says it holds what is not filed
// yet — "Downloads", "Desktop", "misc", "Inbox", "Unsorted" … — so filing
// never proposes it, however alike its documents read.
func CatchAll(name string) bool {
	return catchAlls[strings.ToLower(strings.Trim(strings.TrimSpace(name), "_-. "))]
}

var catchAlls = map[string]bool{"downloads": true, "download": true, "desktop": true, "misc": true, "miscellaneous": true,
	"inbox": true, "unsorted": true, "unfiled": true, "temp": true, "tmp": true, "new folder": true, "to file": true,
	"to sort": true, "scans": true, "other": true, "various": true}

// ReadDocument reads what the decision provider reads of a document: its
// sample (title, headings that read like headings, the start of its text)
// and its state — title and headings lower-cased, without bare numbers;
// "" when it has neither.
func ReadDocument(ctx context.Context, snap *store.Snapshot, documentID string) (*store.DocumentSample, string, error) {
	sample, err := snap.Sample(ctx, documentID, 4*SampleHeadings, SampleChars)
	if err != nil {
		return nil, "", err
	}
	sample.Headings = topicHeadings(sample.Headings, SampleHeadings)
	return sample, stateOf(sample), nil
}

// pick asks which of folders fits; nil when none does. Levels larger than
// one menu are asked in menus of MenuSize, and their winners in a final one.
func (f *Filer) pick(ctx context.Context, in input, folders []*Node) (*Node, float64, error) {
	var winners []*Node
	var probs []float64
	for start := 0; start < len(folders); start += MenuSize {
		menu := folders[start:min(start+MenuSize, len(folders))]
		w, p, err := f.choose(ctx, in, menu)
		if err != nil {
			return nil, 0, err
		}
		if w != nil {
			winners, probs = append(winners, w), append(probs, p)
		}
	}
	switch len(winners) {
	case 0:
		return nil, 0, nil
	case 1:
		return winners[0], probs[0], nil
	}
	return f.pick(ctx, in, winners)
}

// choose asks one menu of at most MenuSize folders plus none.
func (f *Filer) choose(ctx context.Context, in input, menu []*Node) (*Node, float64, error) {
	q := app.Choice{ID: "folder", Instructions: folderInstructions, Evidence: in.sample}
	for i, n := range menu {
		desc, parts := n.Describe()
		q.Options = append(q.Options, app.ChoiceOption{Label: "f" + strconv.Itoa(i+1), Description: desc, Parts: parts,
			IndexScore: IndexShare * n.BestBelow(in.index)})
	}
	q.Options = append(q.Options, app.ChoiceOption{Label: app.NoChoice, Description: "None of these folders fits the document."})
	dists, err := f.Provider.Choose(ctx, in.state, []app.Choice{q})
	if err != nil {
		return nil, 0, fmt.Errorf("filing: %w", err)
	}
	a := dists[0]
	bar := NoneWeight * a[app.NoChoice]
	best, bestP := -1, bar
	for i := range menu {
		if p := a["f"+strconv.Itoa(i+1)]; p > bestP {
			best, bestP = i, p
		}
	}
	if best < 0 {
		return nil, 0, nil
	}
	return menu[best], bestP, nil
}

// name proposes a name for a new folder under parent. The candidates are
// drawn from the document itself (never invented) and validated before the
// provider ranks them: a clean folder name (app.CleanFolderName), not used
// by a folder beside it — the walk already found that folder no fit — and
// a level with room for one more in its menu of MenuSize — and a name that
// says what the folder would hold (Nameable).
func (f *Filer) name(ctx context.Context, in input, sample *store.DocumentSample, parent *Node) (string, float64, error) {
	if len(parent.Children) >= MenuSize {
		return "", 0, nil // the level's menu is full: a person must decide
	}
	taken := map[string]bool{}
	for _, c := range parent.Children {
		taken[strings.ToLower(c.Name)] = true
	}
	var names []string
	for _, n := range candidateNames(sample) {
		clean, err := app.CleanFolderName(n)
		if err != nil || !Nameable(clean, sample) || taken[strings.ToLower(clean)] || slices.Contains(names, clean) {
			continue
		}
		names = append(names, clean)
	}
	if len(names) == 0 {
		return "", 0, nil
	}
	q := app.Choice{ID: "name", Instructions: nameInstructions, Evidence: in.sample}
	for i, n := range names {
		q.Options = append(q.Options, app.ChoiceOption{Label: "n" + strconv.Itoa(i+1), Description: n,
			Parts: []app.ChoicePart{{Role: app.ChoiceHeading, Text: n}}})
	}
	dists, err := f.Provider.Choose(ctx, in.state, []app.Choice{q})
	if err != nil {
		return "", 0, fmt.Errorf("filing: %w", err)
	}
	a := dists[0]
	best, bestP := -1, 0.0
	for i := range names {
		if p := a["n"+strconv.Itoa(i+1)]; p > bestP {
			best, bestP = i, p
		}
	}
	if best < 0 {
		return "", 0, nil
	}
	return names[best], bestP, nil
}

// stateOf is what the provider reads about the new document: its title
// and file name, and when those say little (fewer than SubjectWords
// words), its shallowest headings; without what dates it (readable). A
// folder is about a subject: the local judge weighs every word of the
// state, so a report's "Part I; Item 1A. Risk Factors" would drown the
// company its title names, and it reads capitalised words as names a
// fitting folder must hold — a company's filings go to the folder that
// names the company, not to one of another company's filings.
func stateOf(s *store.DocumentSample) string {
	parts := []string{readable(unbracketed(s.Title))}
	if name := fileWords(s.Filename); name != "" && !strings.Contains(strings.ToLower(s.Title), strings.ToLower(name)) {
		parts = append(parts, name)
	}
	if len(strings.Fields(strings.Join(parts, " "))) < SubjectWords && len(s.Headings) > 0 {
		parts = append(parts, readable(strings.Join(s.Headings, "; ")))
	}
	return strings.TrimSpace(strings.Join(parts, ". "))
}

// unbracketed is s without its parenthesised asides — "(year ended June
// 30, 2023)", "(Unaudited" — which qualify a title rather than say what it
// is about; an unclosed bracket runs to the end.
func unbracketed(s string) string {
	return strings.TrimSpace(aside.ReplaceAllString(s, " "))
}

var aside = regexp.MustCompile(`\([^)]*(\)|$)|\[[^\]]*(\]|$)`)

// fileWords are the words of a file name, without its extension, numbers
// and separators: "PEPSICO_2023Q1_EARNINGS.pdf" → "PEPSICO 2023Q1 EARNINGS".
// A file name often says whose a document is when its title does not
// ("Q1 8-K Exhibit").
func fileWords(name string) string {
	name = strings.TrimSuffix(name, filepath.Ext(name))
	return readable(strings.NewReplacer("-", " ", ".", " ").Replace(name))
}

// topicHeadings keeps at most n headings that read like headings: a long
// "heading" is usually an address block or a sentence a parser promoted,
// and it would drown the words that say what the document is about.
func topicHeadings(headings []string, n int) []string {
	var out []string
	for _, h := range headings {
		if len(out) == n {
			break
		}
		if utf8.RuneCountInString(h) <= MaxHeadingChars && len(strings.Fields(h)) <= 8 && !strings.HasPrefix(h, "(") {
			out = append(out, h)
		}
	}
	return out
}

// sampleOf is the bounded text sample a remote provider reads with each
// menu, as the question's evidence. (The local judge weighs options against
// the state alone: a page of body text would drown the headings.)
func sampleOf(s *store.DocumentSample) string {
	if s.Text == "" {
		return ""
	}
	return "Text sample from the document:\n" + s.Text
}

// readable drops what dates a document rather than says what it is about
// — bare numbers, words holding a year ("2023Q1", "FY2022"), month names —
// and turns file-name separators into spaces. A folder holds a subject's
// documents of every period.
func readable(s string) string {
	s = strings.NewReplacer("_", " ").Replace(s)
	var keep []string
	for _, w := range strings.Fields(s) {
		if strings.IndexFunc(w, unicode.IsLetter) < 0 || yearRun.MatchString(w) || months[strings.ToLower(strings.Trim(w, ".,;:()"))] {
			continue
		}
		keep = append(keep, w)
	}
	return strings.Join(keep, " ")
}

// yearRun finds four digits in a row: a year.
var yearRun = regexp.MustCompile(`[0-9]{4}`)

var months = map[string]bool{"january": true, "february": true, "march": true, "april": true, "may": true, "june": true,
	"july": true, "august": true, "september": true, "october": true, "november": true, "december": true}

// candidateNames are names a new folder for the document could take, best
// guesses first: its title without numbers and asides, its first
// top-level heading that names a subject (not "Part I"), and the words its
// headings use most.
func candidateNames(s *store.DocumentSample) []string {
	var out []string
	if t := firstWords(readable(unbracketed(s.Title)), NameWords); t != "" {
		out = append(out, t)
	}
	for _, h := range s.Headings {
		if h := firstWords(readable(h), NameWords); h != "" && utf8.RuneCountInString(h) >= 3 && !structural(h) {
			out = append(out, h)
			break
		}
	}
	if w := commonWord(s); w != "" {
		out = append(out, w)
	}
	return out
}

// firstWords is a name from the start of s: at most n words, ending before
// a connecting word ("Form 8-K for Pepsico" → "Form 8-K"), in title case
// when s shouts in capitals. It is "" when the phrase is longer than n
// words (a name cut mid-phrase, "Johnson & Johnson Annual", misleads) or
// its brackets and quotes do not pair up ("Acme (Europe").
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	for i, w := range f {
		if i > 0 && connectors[strings.ToLower(w)] {
			f = f[:i]
			break
		}
	}
	if len(f) > n {
		return ""
	}
	out := strings.TrimRight(strings.Join(f, " "), ".,;:-–—")
	if !balanced(out) {
		return ""
	}
	if out == strings.ToUpper(out) && strings.ContainsFunc(out, unicode.IsLetter) && utf8.RuneCountInString(out) > 6 {
		words := strings.Fields(strings.ToLower(out))
		for i, w := range words {
			r, size := utf8.DecodeRuneInString(w)
			words[i] = string(unicode.ToUpper(r)) + w[size:]
		}
		out = strings.Join(words, " ")
	}
	return out
}

// balanced reports whether every bracket and curly quote in s is closed
// in order, and straight double quotes come in pairs.
func balanced(s string) bool {
	closing := map[rune]rune{')': '(', ']': '[', '}': '{', '”': '“', '»': '«'}
	var open []rune
	for _, r := range s {
		switch r {
		case '(', '[', '{', '“', '«':
			open = append(open, r)
		case ')', ']', '}', '”', '»':
			if len(open) == 0 || open[len(open)-1] != closing[r] {
				return false
			}
			open = open[:len(open)-1]
		}
	}
	return len(open) == 0 && strings.Count(s, `"`)%2 == 0
}

// connectors end a name drawn from a title.
var connectors = map[string]bool{"for": true, "of": true, "and": true, "filed": true, "dated": true, "the": true,
	"to": true, "in": true, "on": true, "by": true, "-": true, "–": true, "—": true, "|": true}

// commonWord is the longest-standing content word of the headings: the one
// most headings share (ties to the earlier), capitalised.
func commonWord(s *store.DocumentSample) string {
	counts := map[string]int{}
	var order []string
	for _, h := range s.Headings {
		seen := map[string]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(h), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if utf8.RuneCountInString(w) < 4 || lang.IsStopWord(w) || layoutWords[w] || seen[w] {
				continue
			}
			seen[w] = true
			if counts[w] == 0 {
				order = append(order, w)
			}
			counts[w]++
		}
	}
	best := ""
	for _, w := range order {
		if counts[w] > counts[best] {
			best = w
		}
	}
	if counts[best] < 2 {
		return ""
	}
	r, size := utf8.DecodeRuneInString(best)
	return string(unicode.ToUpper(r)) + best[size:]
}

// structural reports whether a heading names a place in the document
// ("Part I", "Item 7", "Contents") rather than a subject.
func structural(h string) bool {
	f := strings.Fields(strings.ToLower(h))
	return len(f) > 0 && headingWords[strings.Trim(f[0], ".,:;")]
}

// headingWords name a heading's kind, not its subject: a heading that
// opens with one ("Part II", "Item 7") is no subject. (They are layout
// words too, which never name a folder.)
var headingWords = map[string]bool{"part": true, "item": true, "section": true, "chapter": true, "note": true,
	"notes": true, "table": true, "contents": true, "page": true, "appendix": true, "introduction": true}

func clip(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
