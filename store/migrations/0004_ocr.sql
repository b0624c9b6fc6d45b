-- OCR: what Tesseract read from each page image, so that a re-import or a
-- reindex never reads a page twice, and which pages of a document were
-- read by OCR (with what confidence) or still wait for it.

-- One reading per page image (the SHA-256 of its pixels and size) and
-- language set. words is JSON: [{"t","x0","y0","x1","y1","c","l"}] in
-- pixels of the image, origin top-left; turn is how the text runs.
CREATE TABLE ocr_cache (
    image_sha256 TEXT NOT NULL,
    langs        TEXT NOT NULL,
    width        INTEGER NOT NULL,
    height       INTEGER NOT NULL,
    turn         INTEGER NOT NULL DEFAULT 0,
    words        TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    PRIMARY KEY (image_sha256, langs)
);

-- The pages of a committed document that were read by OCR, or wait for it
-- (Tesseract missing when it was imported).
CREATE TABLE ocr_pages (
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    number      INTEGER NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('read', 'waiting')),
    confidence  REAL NOT NULL DEFAULT 0, -- mean word confidence 0–1
    PRIMARY KEY (document_id, number)
);
CREATE INDEX ocr_pages_waiting ON ocr_pages(state, document_id);
