-- What a question reads in a large library (store/ready.go, Snapshot.PassageRefs).
--
-- A question that explores a document reads its passages without their
-- text: where each lies and how long it is. Read from the table, that is
-- every passage row of the document, text and spans included, to learn a
-- length; this covering index holds what the read needs, the text's
-- length as an indexed expression, so exploring a document reads a few
-- index pages instead of a page a passage.
CREATE INDEX passages_refs ON passages(document_id, seq, id, section_id, page_start, page_end, length(body));

-- Every question starts from the list of documents that may be evidence.
-- documents_version counts the changes to the documents table, in the
-- same transaction as each change, so a list read at one count stays
-- true while the count stays the same and is read once, not once a
-- question (thousands of rows, each past its profile).
CREATE TABLE documents_version (n INTEGER NOT NULL);
INSERT INTO documents_version (n) VALUES (0);
CREATE TRIGGER documents_version_ai AFTER INSERT ON documents BEGIN
    UPDATE documents_version SET n = n + 1;
END;
CREATE TRIGGER documents_version_au AFTER UPDATE ON documents BEGIN
    UPDATE documents_version SET n = n + 1;
END;
CREATE TRIGGER documents_version_ad AFTER DELETE ON documents BEGIN
    UPDATE documents_version SET n = n + 1;
END;

-- Every question first asks whether a document's passages were built by an
-- older passage builder (StaleDocuments): with this index that is a range
-- of an index, not a read of every ready document's row.
CREATE INDEX documents_stale ON documents(status, index_version);
