-- Reviews after an import: proposals to move a document from one folder to
-- another (an existing folder, or a new one named by the filing rules).
-- Nothing moves until a proposal is accepted; an accepted move can be
-- undone. Rejected and undone proposals stay, so that the same move of the
-- same document (document_id, target) is never proposed again.
--
-- Folder columns hold no foreign key: a folder named here may be deleted
-- later, and accepting or undoing then says so instead of losing the row.
CREATE TABLE review_proposals (
    id                TEXT PRIMARY KEY,
    document_id       TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    trigger_id        TEXT NOT NULL,
    from_folder_id    TEXT NOT NULL DEFAULT '',
    from_path         TEXT NOT NULL DEFAULT '',
    to_folder_id      TEXT NOT NULL DEFAULT '',
    new_parent_id     TEXT NOT NULL DEFAULT '',
    new_name          TEXT NOT NULL DEFAULT '',
    to_path           TEXT NOT NULL,
    target            TEXT NOT NULL,
    passages_json     TEXT NOT NULL DEFAULT '[]',
    confidence        REAL NOT NULL DEFAULT 0,
    status            TEXT NOT NULL CHECK (status IN ('proposed', 'accepted', 'rejected', 'undone')),
    applied_folder_id TEXT NOT NULL DEFAULT '', -- where the accept moved the document
    created_folder_id TEXT NOT NULL DEFAULT '', -- a folder the accept made
    created_at        TEXT NOT NULL,
    decided_at        TEXT
);
CREATE INDEX review_proposals_document ON review_proposals(document_id, target);
CREATE INDEX review_proposals_status ON review_proposals(status, created_at);
