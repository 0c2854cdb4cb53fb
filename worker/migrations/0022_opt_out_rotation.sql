-- Reminder opt-out links work once: each link signs the patient's opt_out_version, and using one
-- moves the version on, so that link (and any older one) answers as an invalid link afterwards.
ALTER TABLE patients ADD COLUMN opt_out_version integer NOT NULL DEFAULT 0;
