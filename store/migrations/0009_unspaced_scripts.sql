-- Text in scripts written without spaces (Chinese, Japanese, Korean, Thai,
-- Lao, Khmer, Myanmar) becomes searchable inside a sentence: the index
-- reads every passage through archivist_index_text (app/script.IndexText,
-- registered by the store), which sets each character of those scripts
-- apart as a token of its own and folds full-width forms, ligatures and
-- invisible characters; a question's word is searched as a phrase of its
-- characters. The passages keep their text as it is: the index reads it
-- through the view passages_search, which snippets read too.
DROP TRIGGER passages_ai;
DROP TRIGGER passages_ad;
DROP TRIGGER passages_au;
DROP TABLE passages_fts;

CREATE VIEW passages_search (id, title, headings, body, doc_key) AS
    SELECT rowid, archivist_index_text(title), archivist_index_text(headings),
           archivist_index_text(body), doc_key
    FROM passages;

CREATE VIRTUAL TABLE passages_fts USING fts5(
    title, headings, body, doc_key,
    content = 'passages_search', content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER passages_ai AFTER INSERT ON passages BEGIN
    INSERT INTO passages_fts(rowid, title, headings, body, doc_key)
    VALUES (new.rowid, archivist_index_text(new.title), archivist_index_text(new.headings),
            archivist_index_text(new.body), new.doc_key);
END;
CREATE TRIGGER passages_ad AFTER DELETE ON passages BEGIN
    INSERT INTO passages_fts(passages_fts, rowid, title, headings, body, doc_key)
    VALUES ('delete', old.rowid, archivist_index_text(old.title), archivist_index_text(old.headings),
            archivist_index_text(old.body), old.doc_key);
END;
CREATE TRIGGER passages_au AFTER UPDATE ON passages BEGIN
    INSERT INTO passages_fts(passages_fts, rowid, title, headings, body, doc_key)
    VALUES ('delete', old.rowid, archivist_index_text(old.title), archivist_index_text(old.headings),
            archivist_index_text(old.body), old.doc_key);
    INSERT INTO passages_fts(rowid, title, headings, body, doc_key)
    VALUES (new.rowid, archivist_index_text(new.title), archivist_index_text(new.headings),
            archivist_index_text(new.body), new.doc_key);
END;

INSERT INTO passages_fts(passages_fts) VALUES ('rebuild');
