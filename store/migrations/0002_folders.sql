-- Folders: a tree of named folders; a document is filed in at most one.

CREATE TABLE folders (
    id         TEXT PRIMARY KEY,
    parent_id  TEXT REFERENCES folders(id) ON DELETE CASCADE,
    name       TEXT NOT NULL CHECK (length(trim(name)) > 0),
    created_at TEXT NOT NULL
);
-- A name is unique among its siblings, ignoring case; top-level folders
-- have a NULL parent, which the expression makes comparable.
CREATE UNIQUE INDEX folders_sibling_name ON folders(ifnull(parent_id, ''), name COLLATE NOCASE);

-- Deleting a folder through the store moves its documents up first; the
-- SET NULL only guards against a folder row removed any other way.
ALTER TABLE documents ADD COLUMN folder_id TEXT REFERENCES folders(id) ON DELETE SET NULL;
CREATE INDEX documents_folder ON documents(folder_id);
CREATE INDEX documents_trashed ON documents(trashed_at);
