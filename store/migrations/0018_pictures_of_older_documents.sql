-- PDFs imported before the print inside pictures was read (0016, 0017)
-- wait for their pictures now, as a new import's do: the next picture pass
-- parses each again from its stored original, reads its pictures, and
-- commits over it while it stays searchable. Left out: a PDF already read
-- with its pictures (it has a picture passage), and one whose every page
-- was read by OCR (its pages were read whole; the pass reads no picture
-- twice). A PDF without pictures is parsed once more and stays as it was.
INSERT OR IGNORE INTO picture_waits (document_id)
SELECT d.id FROM documents d
WHERE d.format = 'pdf' AND d.status = 'ready' AND d.trashed_at IS NULL
  AND (SELECT count(*) FROM ocr_pages o WHERE o.document_id = d.id) < d.pages
  AND NOT EXISTS (SELECT 1 FROM passages p WHERE p.document_id = d.id AND p.doc_key LIKE '% kpicture');
