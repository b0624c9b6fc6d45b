-- The print read by OCR inside pictures (charts, infographics, pasted
-- scans) is stored as passages of its own, marked by a second doc_key
-- token (store/snapshot.go, pictureKey), and indexed apart, in
-- pictures_fts: a question that does not point at a picture searches
-- passages_fts alone, whose term statistics are then exactly what the
-- documents' own text makes them; one that does searches both.
DROP TRIGGER passages_ai;
DROP TRIGGER passages_ad;
DROP TRIGGER passages_au;
DROP VIEW passages_search;

CREATE VIEW passages_search (id, title, headings, body, doc_key) AS
    SELECT rowid, archivist_index_text(title), archivist_index_text(headings),
           archivist_index_text(body), doc_key
    FROM passages WHERE doc_key NOT LIKE '% kpicture';
CREATE TRIGGER passages_ai AFTER INSERT ON passages WHEN new.doc_key NOT LIKE '% kpicture' BEGIN
    INSERT INTO passages_fts(rowid, title, headings, body, doc_key)
    VALUES (new.rowid, archivist_index_text(new.title), archivist_index_text(new.headings),
            archivist_index_text(new.body), new.doc_key);
END;
CREATE TRIGGER passages_ad AFTER DELETE ON passages WHEN old.doc_key NOT LIKE '% kpicture' BEGIN
    INSERT INTO passages_fts(passages_fts, rowid, title, headings, body, doc_key)
    VALUES ('delete', old.rowid, archivist_index_text(old.title), archivist_index_text(old.headings),
            archivist_index_text(old.body), old.doc_key);
END;
CREATE TRIGGER passages_au_old AFTER UPDATE ON passages WHEN old.doc_key NOT LIKE '% kpicture' BEGIN
    INSERT INTO passages_fts(passages_fts, rowid, title, headings, body, doc_key)
    VALUES ('delete', old.rowid, archivist_index_text(old.title), archivist_index_text(old.headings),
            archivist_index_text(old.body), old.doc_key);
END;
CREATE TRIGGER passages_au_new AFTER UPDATE ON passages WHEN new.doc_key NOT LIKE '% kpicture' BEGIN
    INSERT INTO passages_fts(rowid, title, headings, body, doc_key)
    VALUES (new.rowid, archivist_index_text(new.title), archivist_index_text(new.headings),
            archivist_index_text(new.body), new.doc_key);
END;

CREATE VIEW pictures_search (id, title, headings, body, doc_key) AS
    SELECT rowid, archivist_index_text(title), archivist_index_text(headings),
           archivist_index_text(body), doc_key
    FROM passages WHERE doc_key LIKE '% kpicture';
CREATE VIRTUAL TABLE pictures_fts USING fts5(
    title, headings, body, doc_key,
    content = 'pictures_search', content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER pictures_ai AFTER INSERT ON passages WHEN new.doc_key LIKE '% kpicture' BEGIN
    INSERT INTO pictures_fts(rowid, title, headings, body, doc_key)
    VALUES (new.rowid, archivist_index_text(new.title), archivist_index_text(new.headings),
            archivist_index_text(new.body), new.doc_key);
END;
CREATE TRIGGER pictures_ad AFTER DELETE ON passages WHEN old.doc_key LIKE '% kpicture' BEGIN
    INSERT INTO pictures_fts(pictures_fts, rowid, title, headings, body, doc_key)
    VALUES ('delete', old.rowid, archivist_index_text(old.title), archivist_index_text(old.headings),
            archivist_index_text(old.body), old.doc_key);
END;
CREATE TRIGGER pictures_au_old AFTER UPDATE ON passages WHEN old.doc_key LIKE '% kpicture' BEGIN
    INSERT INTO pictures_fts(pictures_fts, rowid, title, headings, body, doc_key)
    VALUES ('delete', old.rowid, archivist_index_text(old.title), archivist_index_text(old.headings),
            archivist_index_text(old.body), old.doc_key);
END;
CREATE TRIGGER pictures_au_new AFTER UPDATE ON passages WHEN new.doc_key LIKE '% kpicture' BEGIN
    INSERT INTO pictures_fts(rowid, title, headings, body, doc_key)
    VALUES (new.rowid, archivist_index_text(new.title), archivist_index_text(new.headings),
            archivist_index_text(new.body), new.doc_key);
END;

-- A document's picture passages, found without reading its others
-- (Snapshot.PassageRefs leaves them out for questions).
CREATE INDEX passages_pictures ON passages(document_id) WHERE doc_key LIKE '% kpicture';
