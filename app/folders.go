package app

import (
	"context"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Folder is one node of the library's folder tree. ParentID is "" for a
// folder at the top level.
type Folder struct {
	ID       string
	ParentID string
	Name     string
	// Documents counts the documents filed directly in the folder, not in
	// the trash.
	Documents int
}

// Placement is where a document is filed and how sensitive it is.
type Placement struct {
	FolderID    string // "" when the document is not filed in any folder
	Sensitivity string // as stored; "" means unset (treated as internal)
}

// MaxFolderNameChars bounds a folder name.
const MaxFolderNameChars = 80

// CleanFolderName trims name and checks it can name a folder: not empty, at
// most MaxFolderNameChars characters, no slash or control character.
func CleanFolderName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	switch {
	case name == "":
		return "", Errorf(EInvalid, "A folder needs a name.")
	case utf8.RuneCountInString(name) > MaxFolderNameChars:
		return "", Errorf(EInvalid, "A folder name has at most %d characters.", MaxFolderNameChars)
	case name == "." || name == "..":
		return "", Errorf(EInvalid, "%q cannot name a folder.", name)
	}
	for _, r := range name {
		if r == '/' || r == '\\' || unicode.IsControl(r) {
			return "", Errorf(EInvalid, "A folder name cannot contain %q.", r)
		}
	}
	return name, nil
}

// TrashedDocument is a document in the trash and when it was put there.
type TrashedDocument struct {
	Document
	TrashedAt time.Time
}

// Folders is the library's filing side: the folder tree, where documents
// are filed, the trash and per-document settings. The window offers these
// views only when its Library implements Folders.
type Folders interface {
	Folders(ctx context.Context) ([]Folder, error)
	// CreateFolder makes a folder under parentID ("" for the top level);
	// a name already used beside it is a conflict.
	CreateFolder(ctx context.Context, parentID, name string) (Folder, error)
	RenameFolder(ctx context.Context, id, name string) error
	// DeleteFolder removes a folder; its documents and sub-folders move up
	// to its parent, so nothing is lost.
	DeleteFolder(ctx context.Context, id string) error
	// MoveDocuments files documents in folderID ("" for none).
	MoveDocuments(ctx context.Context, ids []string, folderID string) error
	// Placements returns, for every document not in the trash, its folder
	// and sensitivity.
	Placements(ctx context.Context) (map[string]Placement, error)
	// SetSensitivity sets a document's sensitivity: one of Sensitivities.
	SetSensitivity(ctx context.Context, id, level string) error

	// Trash moves documents to the trash: they stay on disk but are never
	// evidence and leave the document list.
	Trash(ctx context.Context, ids []string) error
	Trashed(ctx context.Context) ([]TrashedDocument, error)
	Restore(ctx context.Context, ids []string) error
	// EmptyTrash deletes the trashed documents for good, with their
	// originals, and returns how many were deleted.
	EmptyTrash(ctx context.Context) (int, error)

	// OriginalPath is the library's copy of a document's original file.
	OriginalPath(ctx context.Context, id string) (string, error)
	// Lookup searches titles and headings, for the omnibox as one types.
	Lookup(ctx context.Context, text string, limit int) ([]LookupHit, error)
}

// LookupHit is a document whose title or a heading matches the omnibox text.
type LookupHit struct {
	DocumentID string
	Title      string
	Heading    string // the matching heading; "" when the title matched
	Page       int    // the heading's first page; 0 when not known
}

// FilingProposal is where the decision provider would file a new document:
// an existing folder, or a new folder NewName under ParentID. Nothing moves
// until the person accepts it.
type FilingProposal struct {
	DocumentID string
	Title      string // the document's
	FolderID   string // the folder proposed; "" when a new one is
	ParentID   string // with NewName: where the new folder would go
	NewName    string // a new folder to make, already validated
	Path       string // the folder's path as shown: "Finance › Annual reports"
	Confidence float64
}

// Filer proposes folders for documents.
type Filer interface {
	ProposeFolder(ctx context.Context, documentID string) (*FilingProposal, error)
}
