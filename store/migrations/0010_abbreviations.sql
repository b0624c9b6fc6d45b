-- The abbreviations each document defines ("Chief Executive Officer
-- (“CEO”)", "NARL" for "National Atmospheric Research Laboratory"),
-- learned at import so that a question naming a short form is understood
-- wherever in the document its definition stands. abbreviation_reads
-- records which reader version read a document, so a library imported
-- before is read once from its stored blocks.
CREATE TABLE abbreviations (
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    short       TEXT NOT NULL,
    long        TEXT NOT NULL,
    PRIMARY KEY (document_id, short)
);
CREATE TABLE abbreviation_reads (
    document_id TEXT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
    version     INTEGER NOT NULL
);
