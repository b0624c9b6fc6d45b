-- Archivist library schema, version 1.

CREATE TABLE documents (
    id           TEXT PRIMARY KEY,
    title        TEXT NOT NULL,
    filename     TEXT NOT NULL,
    format       TEXT NOT NULL,
    sha256       TEXT NOT NULL UNIQUE,
    size_bytes   INTEGER NOT NULL,
    pages        INTEGER NOT NULL DEFAULT 0,
    words        INTEGER NOT NULL DEFAULT 0,
    status       TEXT NOT NULL CHECK (status IN ('queued', 'importing', 'ready', 'failed')),
    error        TEXT NOT NULL DEFAULT '',
    notice       TEXT NOT NULL DEFAULT '', -- e.g. "no text — needs OCR" on a good import
    sensitivity  TEXT NOT NULL DEFAULT '',
    trashed_at   TEXT,
    imported_at  TEXT NOT NULL,
    index_version INTEGER NOT NULL DEFAULT 0, -- of the passage builder that made its passages
    -- The search profile: a bounded summary derived at import (heading
    -- outline with page/line ranges, acronyms with expansions, numbered
    -- captions, counts), exposed as stored generated columns so routing
    -- reads it without touching blocks or passages.
    profile      TEXT NOT NULL DEFAULT '{}',
    outline      TEXT GENERATED ALWAYS AS (json_extract(profile, '$.outline')) STORED,
    acronyms     TEXT GENERATED ALWAYS AS (json_extract(profile, '$.acronyms')) STORED,
    captions     TEXT GENERATED ALWAYS AS (json_extract(profile, '$.captions')) STORED,
    word_count   INTEGER GENERATED ALWAYS AS (json_extract(profile, '$.words')) STORED
);
CREATE INDEX documents_status ON documents(status);

CREATE TABLE pages (
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    number      INTEGER NOT NULL, -- 1-based physical page
    label       TEXT NOT NULL DEFAULT '',
    width_pt    REAL NOT NULL DEFAULT 0,
    height_pt   REAL NOT NULL DEFAULT 0,
    rotation    INTEGER NOT NULL DEFAULT 0,
    words       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (document_id, number)
);

CREATE TABLE sections (
    id          TEXT PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    parent_id   TEXT REFERENCES sections(id) ON DELETE CASCADE,
    level       INTEGER NOT NULL,
    heading     TEXT NOT NULL,
    page_start  INTEGER NOT NULL DEFAULT 0,
    page_end    INTEGER NOT NULL DEFAULT 0,
    line_start  INTEGER NOT NULL DEFAULT 0,
    line_end    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sections_document ON sections(document_id, seq);

-- Block boxes are normalised 0–1, origin top-left, after page rotation.
CREATE TABLE blocks (
    id          TEXT PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    section_id  TEXT NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    kind        TEXT NOT NULL,
    level       INTEGER NOT NULL DEFAULT 0,
    text        TEXT NOT NULL,
    page        INTEGER NOT NULL DEFAULT 0,
    line_start  INTEGER NOT NULL DEFAULT 0,
    line_end    INTEGER NOT NULL DEFAULT 0,
    x0 REAL NOT NULL DEFAULT 0, y0 REAL NOT NULL DEFAULT 0,
    x1 REAL NOT NULL DEFAULT 0, y1 REAL NOT NULL DEFAULT 0,
    words       TEXT NOT NULL DEFAULT '' -- JSON word boxes for paged formats, see app.WordBox
);
CREATE INDEX blocks_document ON blocks(document_id, seq);

-- Passages are the unit of search. spans is a JSON array of
-- {"block","start","end"}: the block text ranges the passage covers.
CREATE TABLE passages (
    rowid         INTEGER PRIMARY KEY,
    id            TEXT NOT NULL UNIQUE,
    document_id   TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    section_id    TEXT NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    title         TEXT NOT NULL,
    headings      TEXT NOT NULL,
    body          TEXT NOT NULL,
    spans         TEXT NOT NULL,
    page_start    INTEGER NOT NULL DEFAULT 0,
    page_end      INTEGER NOT NULL DEFAULT 0,
    index_version INTEGER NOT NULL,
    doc_key       TEXT NOT NULL -- the document ID as one FTS token, see below
);
CREATE INDEX passages_document ON passages(document_id, seq);

-- External-content FTS5 index over passages, kept in step by triggers so a
-- passage and its index entry always commit together. doc_key indexes the
-- document ID as a single token, so a question scoped to some documents
-- intersects posting lists inside FTS5 instead of ranking every match in
-- the library and filtering afterwards.
CREATE VIRTUAL TABLE passages_fts USING fts5(
    title, headings, body, doc_key,
    content = 'passages', content_rowid = 'rowid',
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER passages_ai AFTER INSERT ON passages BEGIN
    INSERT INTO passages_fts(rowid, title, headings, body, doc_key)
    VALUES (new.rowid, new.title, new.headings, new.body, new.doc_key);
END;
CREATE TRIGGER passages_ad AFTER DELETE ON passages BEGIN
    INSERT INTO passages_fts(passages_fts, rowid, title, headings, body, doc_key)
    VALUES ('delete', old.rowid, old.title, old.headings, old.body, old.doc_key);
END;
CREATE TRIGGER passages_au AFTER UPDATE ON passages BEGIN
    INSERT INTO passages_fts(passages_fts, rowid, title, headings, body, doc_key)
    VALUES ('delete', old.rowid, old.title, old.headings, old.body, old.doc_key);
    INSERT INTO passages_fts(rowid, title, headings, body, doc_key)
    VALUES (new.rowid, new.title, new.headings, new.body, new.doc_key);
END;

-- The persistent import queue: a job survives a crash or quit and resumes.
CREATE TABLE import_jobs (
    id          TEXT PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    source_path TEXT NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
    pages_done  INTEGER NOT NULL DEFAULT 0,
    pages_total INTEGER NOT NULL DEFAULT 0,
    error       TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX import_jobs_state ON import_jobs(state);

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Answers kept for replay, byte for byte, bounded by count and age.
CREATE TABLE answers (
    token      TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    body       BLOB NOT NULL
);
CREATE INDEX answers_created ON answers(created_at);
