-- A question's words are looked up among the abbreviations the documents
-- in scope define (Snapshot.AbbreviationsNaming), by short form or by long
-- form, written in any case: "narl" and "NARL", "national atmospheric
-- research laboratory". The lower-case forms are indexed expressions, so a
-- question in a large library reads the few matching rows, not the table.
CREATE INDEX abbreviations_short ON abbreviations(lower(short));
CREATE INDEX abbreviations_long ON abbreviations(lower(long));
