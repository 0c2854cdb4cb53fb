-- Lists in the access log: an answer that shows several patients (a patient
-- search, the calendar's turns, the budgets list) writes ONE audit row with the IDs of the patients
-- it held, as a JSON array in `patient_ids`. A trigger fans the IDs out into `audit_log_patients`,
-- so a patient's access log finds the lists that showed them by an index, and the route still
-- writes a single INSERT.
ALTER TABLE `audit_log` ADD `patient_ids` text;
--> statement-breakpoint
CREATE TABLE `audit_log_patients` (
	`patient_id` integer NOT NULL,
	`audit_id` integer NOT NULL,
	PRIMARY KEY (`patient_id`, `audit_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `audit_log_list_patients` AFTER INSERT ON `audit_log`
WHEN new.`patient_ids` IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO `audit_log_patients` (`patient_id`, `audit_id`)
    SELECT `value`, new.`id` FROM json_each(new.`patient_ids`);
END;
--> statement-breakpoint
-- Append-only like the log itself.
CREATE TRIGGER `audit_log_patients_no_update` BEFORE UPDATE ON `audit_log_patients`
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_patients_no_delete` BEFORE DELETE ON `audit_log_patients`
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
