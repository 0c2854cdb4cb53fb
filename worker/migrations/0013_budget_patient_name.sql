-- The budgets list sorted by patient name walks the budgets in that order: each budget carries a
-- copy of its patient's search name (the lower-cased "name lastname"), kept in step by triggers,
-- and indexed alone and after `paid`. Before, the sort walked the patients in name order and
-- looked up each one's budgets, stepping over every patient without one (about 1,100 rows read
-- per page of 20 at 100,000 patients and 50,000 budgets).
ALTER TABLE `budgets` ADD `patient_name` text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE `budgets` SET `patient_name` = (
  SELECT u.`search_name` FROM `patients` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`id` = `budgets`.`patient_id`
);
--> statement-breakpoint
CREATE INDEX `budgets_patient_name_idx` ON `budgets` (`patient_name`);
--> statement-breakpoint
CREATE INDEX `budgets_paid_patient_name_idx` ON `budgets` (`paid`, `patient_name`);
--> statement-breakpoint
CREATE TRIGGER `budgets_patient_name_insert` AFTER INSERT ON `budgets` BEGIN
  UPDATE `budgets` SET `patient_name` = (
    SELECT u.`search_name` FROM `patients` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`id` = new.`patient_id`
  ) WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `budgets_patient_name_follow` AFTER UPDATE OF `search_name` ON `users` BEGIN
  UPDATE `budgets` SET `patient_name` = new.`search_name`
  WHERE `patient_id` IN (SELECT `id` FROM `patients` WHERE `user_id` = new.`id`);
END;
