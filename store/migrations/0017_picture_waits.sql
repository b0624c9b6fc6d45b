-- Documents whose pictures wait to be read. An import commits a PDF's text
-- at once and reads the print inside its pictures afterwards, in a second
-- parse (ingest/figures.go): OCR of a paper's charts takes ten times its
-- text. A row is written and removed with the document's content, in the
-- same transaction, so a crash leaves the wait as it was.
CREATE TABLE picture_waits (
    document_id TEXT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE
);
