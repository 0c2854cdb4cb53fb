-- A voided budget is not money owed, so the Unpaid filter leaves it out. In the budgets' trigram
-- index (0014) its status word is now 'voided' (no trigram shared with 'pending' or 'settled'):
-- the unpaid search's one trigram of 'pending' leaves it out without reading the budget itself.
DROP TRIGGER `budgets_search_insert`;
--> statement-breakpoint
CREATE TRIGGER `budgets_search_insert` AFTER INSERT ON `budgets` BEGIN
  INSERT INTO `budgets_search`(rowid, patient_name, document, status, budget_id)
    SELECT new.`search_key`, u.`search_name`, u.`document`,
      CASE WHEN new.`paid` THEN 'settled' WHEN new.`voided_at` IS NOT NULL THEN 'voided' ELSE 'pending' END, new.`id`
    FROM `patients` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`id` = new.`patient_id`;
END;
--> statement-breakpoint
DROP TRIGGER `budgets_search_update`;
--> statement-breakpoint
CREATE TRIGGER `budgets_search_update` AFTER UPDATE OF `paid`, `created_at`, `patient_id`, `voided_at` ON `budgets` BEGIN
  DELETE FROM `budgets_search` WHERE rowid = old.`search_key`;
  INSERT INTO `budgets_search`(rowid, patient_name, document, status, budget_id)
    SELECT new.`search_key`, u.`search_name`, u.`document`,
      CASE WHEN new.`paid` THEN 'settled' WHEN new.`voided_at` IS NOT NULL THEN 'voided' ELSE 'pending' END, new.`id`
    FROM `patients` p JOIN `users` u ON u.`id` = p.`user_id` WHERE p.`id` = new.`patient_id`;
END;
--> statement-breakpoint
UPDATE `budgets_search` SET `status` = 'voided'
WHERE rowid IN (SELECT `search_key` FROM `budgets` WHERE `voided_at` IS NOT NULL AND NOT `paid`);
