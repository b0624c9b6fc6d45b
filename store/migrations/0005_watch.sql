-- Watched folders: folders on disk whose files the library keeps up with,
-- the state of every file synced from them, and document versions.

CREATE TABLE watch_folders (
    id            TEXT PRIMARY KEY,
    path          TEXT NOT NULL UNIQUE,    -- absolute and cleaned
    name          TEXT NOT NULL,           -- shown, and the Archivist folder Watched/<name>
    map_folders   INTEGER NOT NULL DEFAULT 1, -- file documents under Watched/<name>/<sub-folders>
    trash_removed INTEGER NOT NULL DEFAULT 0, -- a file deleted on disk moves its document to the trash
    paused        INTEGER NOT NULL DEFAULT 0,
    device        INTEGER NOT NULL DEFAULT 0, -- the file system the folder was on when added (0: unknown)
    last_sync_at  TEXT NOT NULL DEFAULT '',
    last_result   TEXT NOT NULL DEFAULT '',   -- what the last sync did, in words
    created_at    TEXT NOT NULL
);

-- One row per file synced. size and mtime_ns are what the file had when its
-- content sha256 was last synced: a file whose size and time are unchanged is
-- not read again. pending_sha is the content being imported: written before
-- the import starts and cleared in the transaction that links the document,
-- so an import a crash interrupted is recognised and finished, never
-- repeated.
CREATE TABLE watch_files (
    folder_id   TEXT NOT NULL REFERENCES watch_folders(id) ON DELETE CASCADE,
    rel         TEXT NOT NULL,             -- path below the folder, '/'-separated
    size        INTEGER NOT NULL DEFAULT 0,
    mtime_ns    INTEGER NOT NULL DEFAULT 0,
    sha256      TEXT NOT NULL DEFAULT '',
    pending_sha TEXT NOT NULL DEFAULT '',
    document_id TEXT REFERENCES documents(id) ON DELETE SET NULL,
    error       TEXT NOT NULL DEFAULT '',  -- why this content did not import; retried when the file changes
    PRIMARY KEY (folder_id, rel)
);
CREATE INDEX watch_files_document ON watch_files(document_id);

-- Problems met while syncing, listed until dismissed.
CREATE TABLE watch_errors (
    folder_id TEXT NOT NULL REFERENCES watch_folders(id) ON DELETE CASCADE,
    path      TEXT NOT NULL,
    message   TEXT NOT NULL,
    at        TEXT NOT NULL,
    dismissed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (folder_id, path)
);

-- Versions. A file that changed is imported as a new document row with its
-- own blob, blocks and passages; the row it replaces is kept whole (so an
-- answer that quoted it still opens what it quoted), hidden like a trashed
-- document and pointing at its successor. All versions share lineage_id,
-- the first version's ID.
ALTER TABLE documents ADD COLUMN lineage_id TEXT;
ALTER TABLE documents ADD COLUMN superseded_by TEXT;
ALTER TABLE documents ADD COLUMN original_removed_at TEXT; -- its watched file was deleted
CREATE INDEX documents_lineage ON documents(lineage_id);
