-- Archive metadata (tags, correspondents, document types, language, created
-- date), a document-level search index, and saved views.

-- The three managed lists share one table: kind says which list a name
-- belongs to; a name is unique in its list, ignoring case.
CREATE TABLE labels (
    id         INTEGER PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('tag', 'type', 'correspondent')),
    name       TEXT NOT NULL CHECK (length(trim(name)) > 0),
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX labels_name ON labels(kind, name COLLATE NOCASE);

CREATE TABLE document_tags (
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    label_id    INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
    PRIMARY KEY (document_id, label_id)
) WITHOUT ROWID;
CREATE INDEX document_tags_label ON document_tags(label_id);

ALTER TABLE documents ADD COLUMN type_id INTEGER REFERENCES labels(id) ON DELETE SET NULL;
ALTER TABLE documents ADD COLUMN correspondent_id INTEGER REFERENCES labels(id) ON DELETE SET NULL;
ALTER TABLE documents ADD COLUMN language TEXT NOT NULL DEFAULT '';   -- ISO 639-1, '' unknown
ALTER TABLE documents ADD COLUMN created_on TEXT NOT NULL DEFAULT ''; -- YYYY-MM-DD, '' unknown
ALTER TABLE documents ADD COLUMN created_edited INTEGER NOT NULL DEFAULT 0; -- set by the person: import keeps it
CREATE INDEX documents_type ON documents(type_id);
CREATE INDEX documents_correspondent ON documents(correspondent_id);

-- The document-level index: one FTS5 row per document (its title, its
-- headings, the text of all its blocks), so ranked Search scores whole
-- documents and a document holding one word on page 2 and another on page
-- 90 matches both. Contentless: the text already lives in blocks.
-- search_docs gives each document a stable integer rowid (a table's
-- implicit rowid may change on VACUUM).
CREATE TABLE search_docs (
    rowid       INTEGER PRIMARY KEY,
    document_id TEXT NOT NULL UNIQUE REFERENCES documents(id) ON DELETE CASCADE
);
CREATE VIRTUAL TABLE documents_fts USING fts5(
    title, headings, body,
    content = '', contentless_delete = 1,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER search_docs_ad AFTER DELETE ON search_docs BEGIN
    DELETE FROM documents_fts WHERE rowid = old.rowid;
END;

INSERT INTO search_docs (document_id) SELECT id FROM documents WHERE status = 'ready';
INSERT INTO documents_fts (rowid, title, headings, body)
SELECT s.rowid, d.title,
    coalesce((SELECT group_concat(heading, ' ' ORDER BY seq) FROM sections WHERE document_id = d.id), ''),
    coalesce((SELECT group_concat(text, ' ' ORDER BY seq) FROM blocks WHERE document_id = d.id), '')
FROM search_docs s JOIN documents d ON d.id = s.document_id;

-- Saved views: a live view keeps a query, run again when opened; a snapshot
-- keeps at most 100 document IDs (a JSON array). position orders the
-- sidebar.
CREATE TABLE views (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL CHECK (length(trim(name)) > 0),
    query        TEXT NOT NULL DEFAULT '',
    document_ids TEXT NOT NULL DEFAULT '',
    position     INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL
);
CREATE UNIQUE INDEX views_name ON views(name COLLATE NOCASE);
