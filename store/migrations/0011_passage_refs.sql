-- A question that explores a document reads its passages without their
-- text: where each lies and how long it is (Snapshot.PassageRefs). Read
-- from the table, that is every passage row of the document, text and
-- spans included, to learn a length; this covering index holds what the
-- read needs, the text's length as an indexed expression, so exploring a
-- document reads a few index pages instead of a page a passage. In a
-- library of a million passages that was most of the cost of routing into
-- the documents a question explores.
CREATE INDEX passages_refs ON passages(document_id, seq, id, section_id, page_start, page_end, length(body));
