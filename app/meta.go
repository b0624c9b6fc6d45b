package app

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"
)

// LabelKind names one of the managed metadata lists.
type LabelKind string

// The managed lists: a document has any number of tags and at most one
// type and one correspondent (who sent or issued it).
const (
	LabelTag           LabelKind = "tag"
	LabelType          LabelKind = "type"
	LabelCorrespondent LabelKind = "correspondent"
)

// LabelKinds lists the kinds, for menus and usage text.
var LabelKinds = []LabelKind{LabelTag, LabelType, LabelCorrespondent}

// ParseLabelKind reads a kind; anything else is an EInvalid error.
func ParseLabelKind(s string) (LabelKind, error) {
	for _, k := range LabelKinds {
		if s == string(k) {
			return k, nil
		}
	}
	return "", Errorf(EInvalid, "%q is not tag, type or correspondent.", s)
}

// Label is one name of a managed list and how many documents (not in the
// trash) carry it.
type Label struct {
	ID        int64
	Kind      LabelKind
	Name      string
	Documents int
}

// DocumentMeta is a document's archive metadata.
type DocumentMeta struct {
	Tags          []string // sorted, ignoring case
	Type          string   // "" when none
	Correspondent string   // "" when none
	Language      string   // ISO 639-1 detected at import; "" unknown
	Created       string   // YYYY-MM-DD, from the document or set by hand; "" unknown
}

// MaxLabelChars bounds a tag, type or correspondent name.
const MaxLabelChars = 100

// CleanLabelName trims a name (runs of spaces become one) and checks it can
// name a tag, type or correspondent: not empty, at most MaxLabelChars
// characters, no control characters.
func CleanLabelName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	switch {
	case name == "":
		return "", Errorf(EInvalid, "A name cannot be empty.")
	case utf8.RuneCountInString(name) > MaxLabelChars:
		return "", Errorf(EInvalid, "A name has at most %d characters.", MaxLabelChars)
	}
	if strings.IndexFunc(name, unicode.IsControl) >= 0 {
		return "", Errorf(EInvalid, "A name cannot contain control characters.")
	}
	return name, nil
}

// Metadata is the library's archive metadata: the managed lists and what
// each document carries. The window offers metadata only when its Library
// implements Metadata.
type Metadata interface {
	Labels(ctx context.Context, kind LabelKind) ([]Label, error)
	CreateLabel(ctx context.Context, kind LabelKind, name string) (Label, error)
	RenameLabel(ctx context.Context, kind LabelKind, id int64, name string) error
	// MergeLabels gives every document carrying from the label into
	// instead, then deletes from.
	MergeLabels(ctx context.Context, kind LabelKind, from, into int64) error
	DeleteLabel(ctx context.Context, kind LabelKind, id int64) error

	// DocumentMeta returns the metadata of the named documents.
	DocumentMeta(ctx context.Context, ids []string) (map[string]DocumentMeta, error)
	// AddTags and RemoveTags change the tags of documents; AddTags makes
	// any tag not in the list yet.
	AddTags(ctx context.Context, ids []string, names ...string) error
	RemoveTags(ctx context.Context, ids []string, names ...string) error
	// SetLabel sets the type or correspondent of documents (making the
	// name when new); "" clears it.
	SetLabel(ctx context.Context, kind LabelKind, ids []string, name string) error
	// SetCreated sets documents' created date (YYYY-MM-DD, "" unknown);
	// a later import of the same document keeps it.
	SetCreated(ctx context.Context, ids []string, date string) error
}

// MetaSample is a document as metadata suggestions see it: its title, the
// start of its text and the metadata the person gave it.
type MetaSample struct {
	DocumentID string
	Title      string
	Filename   string
	Text       string
	Meta       DocumentMeta
}

// MetaSuggestion is what the decision provider proposes for a document:
// nothing is applied until the person accepts it. Each field is "" (or
// empty) when there is nothing to propose; Basis names the documents the
// proposal follows.
type MetaSuggestion struct {
	DocumentID    string
	Type          string
	Correspondent string
	Tags          []string
	Confidence    float64 // 0–1, of the strongest proposal
	Basis         []string
}

// Count is how many proposals s makes: its type, correspondent and each
// tag.
func (s *MetaSuggestion) Count() int {
	if s == nil {
		return 0
	}
	n := len(s.Tags)
	if s.Type != "" {
		n++
	}
	if s.Correspondent != "" {
		n++
	}
	return n
}

// Labeller sets the metadata a suggestion proposes.
type Labeller interface {
	SetLabel(ctx context.Context, kind LabelKind, documentIDs []string, name string) error
	AddTags(ctx context.Context, documentIDs []string, names ...string) error
}

// ApplySuggestion sets every proposal of sug on its document. It is what
// "apply suggestions automatically" does for a newly imported document;
// without that setting proposals are applied one ticked box at a time.
func ApplySuggestion(ctx context.Context, m Labeller, sug *MetaSuggestion) error {
	if sug.Count() == 0 {
		return nil
	}
	ids := []string{sug.DocumentID}
	if sug.Type != "" {
		if err := m.SetLabel(ctx, LabelType, ids, sug.Type); err != nil {
			return err
		}
	}
	if sug.Correspondent != "" {
		if err := m.SetLabel(ctx, LabelCorrespondent, ids, sug.Correspondent); err != nil {
			return err
		}
	}
	if len(sug.Tags) > 0 {
		return m.AddTags(ctx, ids, sug.Tags...)
	}
	return nil
}

// MetaSuggester proposes metadata for a document.
type MetaSuggester interface {
	SuggestMeta(ctx context.Context, documentID string) (*MetaSuggestion, error)
}
