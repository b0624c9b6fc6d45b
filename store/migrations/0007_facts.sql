-- The ledger of extracted facts: one table for every fact type (dates
-- first). A fact's value is validated JSON of its type's contract, with a
-- sort value (a date's first day, YYYY-MM-DD) for ordering and ranges.
-- The quote is verbatim text of block block_id starting at byte
-- quote_start, so the evidence can be highlighted; original (the text the
-- value was read from) starts at byte original_start of the quote.
CREATE TABLE facts (
    id                TEXT PRIMARY KEY,
    document_id       TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    type              TEXT NOT NULL,
    role              TEXT NOT NULL,
    value_json        TEXT NOT NULL,
    sort_value        TEXT NOT NULL,
    original          TEXT NOT NULL,
    quote             TEXT NOT NULL,
    block_id          TEXT NOT NULL DEFAULT '',
    quote_start       INTEGER NOT NULL DEFAULT 0,
    original_start    INTEGER NOT NULL DEFAULT 0,
    page              INTEGER NOT NULL DEFAULT 0,
    confidence        REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
    state             TEXT NOT NULL CHECK (state IN ('pending', 'accepted', 'rejected')),
    extractor         TEXT NOT NULL,
    extractor_version INTEGER NOT NULL,
    source_sha256     TEXT NOT NULL,
    reviewer          TEXT NOT NULL DEFAULT '',
    reviewed_at       TEXT,
    created_at        TEXT NOT NULL
);
CREATE INDEX facts_sort ON facts(type, state, sort_value);
CREATE INDEX facts_document ON facts(document_id, type);

-- Which extractor version last read each document, so a new version
-- re-reads exactly the documents an older one read (even those where it
-- found nothing).
CREATE TABLE fact_runs (
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    extractor   TEXT NOT NULL,
    version     INTEGER NOT NULL,
    ran_at      TEXT NOT NULL,
    PRIMARY KEY (document_id, extractor)
);
