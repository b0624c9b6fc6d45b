-- How many times an import job has started. A job that a crash or a kill
-- interrupts stays pending and resumes at the next start; counting its
-- starts lets the queue give up on a file that stops the importer every
-- time, instead of retrying it at every start.
ALTER TABLE import_jobs ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
