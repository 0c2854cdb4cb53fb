-- The access log's entries arrive through a queue, which may deliver a batch more than once: each
-- entry carries the id of the request it logs, and a second copy of it is ignored
-- (`INSERT … ON CONFLICT (request_id) DO NOTHING`). Rows written before this column have none
-- (NULL), which the unique index allows any number of times.
ALTER TABLE `audit_log` ADD `request_id` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_log_request_id_uq` ON `audit_log` (`request_id`);
