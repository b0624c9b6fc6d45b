package ingest

import (
	"context"
	"os"

	"archivist/app"
)

// The Importer is also the library's filing side (app.Folders): it hands
// these calls to the store, which owns the rules.

// Folders lists the folder tree.
func (im *Importer) Folders(ctx context.Context) ([]app.Folder, error) { return im.DB.Folders(ctx) }

// CreateFolder makes a folder under parentID ("" for the top level).
func (im *Importer) CreateFolder(ctx context.Context, parentID, name string) (app.Folder, error) {
	return im.DB.CreateFolder(ctx, im.NewID(), parentID, name)
}

// RenameFolder renames a folder.
func (im *Importer) RenameFolder(ctx context.Context, id, name string) error {
	return im.DB.RenameFolder(ctx, id, name)
}

// DeleteFolder removes a folder, moving what it holds up to its parent.
func (im *Importer) DeleteFolder(ctx context.Context, id string) error {
	return im.DB.DeleteFolder(ctx, id)
}

// MoveDocuments files documents in a folder ("" for none).
func (im *Importer) MoveDocuments(ctx context.Context, ids []string, folderID string) error {
	return im.DB.MoveDocuments(ctx, ids, folderID)
}

// Placements returns each document's folder and sensitivity.
func (im *Importer) Placements(ctx context.Context) (map[string]app.Placement, error) {
	return im.DB.Placements(ctx)
}

// SetSensitivity sets a document's sensitivity level.
func (im *Importer) SetSensitivity(ctx context.Context, id, level string) error {
	return im.DB.SetSensitivity(ctx, id, level)
}

// Trash moves documents to the trash.
func (im *Importer) Trash(ctx context.Context, ids []string) error { return im.DB.Trash(ctx, ids) }

// Trashed lists the trash.
func (im *Importer) Trashed(ctx context.Context) ([]app.TrashedDocument, error) {
	return im.DB.Trashed(ctx)
}

// Restore takes documents out of the trash.
func (im *Importer) Restore(ctx context.Context, ids []string) error { return im.DB.Restore(ctx, ids) }

// EmptyTrash deletes the trashed documents and their originals.
func (im *Importer) EmptyTrash(ctx context.Context) (int, error) { return im.DB.EmptyTrash(ctx) }

// OriginalPath is the library's copy of a document's original.
func (im *Importer) OriginalPath(ctx context.Context, id string) (string, error) {
	d, err := im.DB.Document(ctx, id)
	if err != nil {
		return "", err
	}
	path := im.DB.BlobPath(d.SHA256)
	if _, err := os.Stat(path); err != nil {
		return "", app.Errorf(app.ENotFound, "The original of %q is missing from the library.", d.Title)
	}
	return path, nil
}

// Lookup searches titles and headings for the omnibox.
func (im *Importer) Lookup(ctx context.Context, text string, limit int) ([]app.LookupHit, error) {
	return im.DB.Lookup(ctx, text, limit)
}

var _ app.Folders = (*Importer)(nil)
