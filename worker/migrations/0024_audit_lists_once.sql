-- A list's patients are indexed once per list, not once per read (the calendar month's
-- read wrote 166 index rows every time, and those scattered inserts cost more than the read).
-- A calendar open all day shows the same patients again and again (its live refetches), so each
-- distinct `patient_ids` array is kept once in `audit_lists`, fanned out once into
-- `audit_list_patients` (patient, list), and every audit row that showed it gets one row in
-- `audit_log_lists` (list, row). `audit_log_patients` (patient, row) becomes a view over the two,
-- with the same columns, so every reader of 0016's table, including a worker still running the
-- release before this one, reads it unchanged. The route still writes a single INSERT.
-- No AUTOINCREMENT: its ids are never reused anyway (nothing is deleted), and an AUTOINCREMENT
-- table costs every INSERT that may reach it, through the trigger below every audit row's, a scan
-- of sqlite_sequence.
CREATE TABLE `audit_lists` (
	`id` integer PRIMARY KEY NOT NULL,
	`patient_ids` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_lists_patient_ids_uq` ON `audit_lists` (`patient_ids`);
--> statement-breakpoint
CREATE TABLE `audit_list_patients` (
	`patient_id` integer NOT NULL,
	`list_id` integer NOT NULL,
	PRIMARY KEY (`patient_id`, `list_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `audit_log_lists` (
	`list_id` integer NOT NULL,
	`audit_id` integer NOT NULL,
	PRIMARY KEY (`list_id`, `audit_id`)
) WITHOUT ROWID;
--> statement-breakpoint
-- A new list's patients, once.
CREATE TRIGGER `audit_lists_patients` AFTER INSERT ON `audit_lists`
BEGIN
  INSERT OR IGNORE INTO `audit_list_patients` (`patient_id`, `list_id`)
    SELECT `value`, new.`id` FROM json_each(new.`patient_ids`);
END;
--> statement-breakpoint
-- The lists logged so far, then the rows that showed them.
INSERT OR IGNORE INTO `audit_lists` (`patient_ids`)
  SELECT `patient_ids` FROM `audit_log` WHERE `patient_ids` IS NOT NULL
  GROUP BY `patient_ids` ORDER BY min(`id`);
--> statement-breakpoint
INSERT INTO `audit_log_lists` (`list_id`, `audit_id`)
  SELECT l.`id`, a.`id` FROM `audit_log` a JOIN `audit_lists` l ON l.`patient_ids` = a.`patient_ids`;
--> statement-breakpoint
DROP TRIGGER `audit_log_list_patients`;
--> statement-breakpoint
DROP TABLE `audit_log_patients`;
--> statement-breakpoint
CREATE VIEW `audit_log_patients` AS
  SELECT p.`patient_id`, l.`audit_id`
  FROM `audit_list_patients` p JOIN `audit_log_lists` l ON l.`list_id` = p.`list_id`;
--> statement-breakpoint
-- A list row: its list (kept the first time it is seen), then the link from the list to the row.
CREATE TRIGGER `audit_log_list_patients` AFTER INSERT ON `audit_log`
WHEN new.`patient_ids` IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO `audit_lists` (`patient_ids`) VALUES (new.`patient_ids`);
  INSERT INTO `audit_log_lists` (`list_id`, `audit_id`)
    SELECT `id`, new.`id` FROM `audit_lists` WHERE `patient_ids` = new.`patient_ids`;
END;
--> statement-breakpoint
-- Append-only like the log itself (a view cannot be changed at all).
CREATE TRIGGER `audit_lists_no_update` BEFORE UPDATE ON `audit_lists`
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_lists_no_delete` BEFORE DELETE ON `audit_lists`
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_list_patients_no_update` BEFORE UPDATE ON `audit_list_patients`
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_list_patients_no_delete` BEFORE DELETE ON `audit_list_patients`
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_lists_no_update` BEFORE UPDATE ON `audit_log_lists`
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_lists_no_delete` BEFORE DELETE ON `audit_log_lists`
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
