-- Indexes on the child columns of foreign keys that had none. Deleting a
-- section (when a document is deleted or imported again) makes SQLite look
-- for the blocks, passages and subsections that point at it, and deleting
-- a document for its import jobs; without an index each look-up reads the
-- whole table, so deleting one document of a few hundred sections took
-- seconds in a large library. Folders are also listed by their parent.
CREATE INDEX blocks_section ON blocks(section_id);
CREATE INDEX passages_section ON passages(section_id);
CREATE INDEX sections_parent ON sections(parent_id);
CREATE INDEX import_jobs_document ON import_jobs(document_id);
CREATE INDEX folders_parent ON folders(parent_id);
