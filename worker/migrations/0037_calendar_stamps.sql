-- What the calendar's pages show, stamped, so a worker may answer a page it has answered before
-- without reading it again while nothing in it changed (src/routes/turns/page-cache.repo.ts). Each day
-- of turn_days gets `v`, set to a new random number by every change to a turn of that day (booked,
-- moved, cancelled, confirmed, its outcome, its consultation's budget); `calendar_epoch` holds one
-- such number for what every page shows of its patients (name, last name, document, whether the
-- email is confirmed). A page's stamp is its days' count and `v` summed, and the epoch: random
-- rather than counted, so two databases (or a test's rolled-back one) never share a stamp by
-- counting to the same number.
ALTER TABLE `turn_days` ADD `v` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE `calendar_epoch` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`v` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `calendar_epoch` (`id`, `v`) VALUES (1, abs(random() % 1000000000));
--> statement-breakpoint
CREATE TRIGGER `turn_days_stamp_new` AFTER INSERT ON `turn_days` BEGIN
  UPDATE `turn_days` SET `v` = abs(random() % 1000000000) WHERE `date` = new.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `turns_stamp_insert` AFTER INSERT ON `turns` BEGIN
  UPDATE `turn_days` SET `v` = abs(random() % 1000000000) WHERE `date` = new.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `turns_stamp_delete` AFTER DELETE ON `turns` BEGIN
  UPDATE `turn_days` SET `v` = abs(random() % 1000000000) WHERE `date` = old.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `turns_stamp_update` AFTER UPDATE ON `turns` BEGIN
  UPDATE `turn_days` SET `v` = abs(random() % 1000000000) WHERE `date` IN (old.`date`, new.`date`);
END;
--> statement-breakpoint
CREATE TRIGGER `budgets_stamp_insert` AFTER INSERT ON `budgets` WHEN new.`turn_id` IS NOT NULL BEGIN
  UPDATE `turn_days` SET `v` = abs(random() % 1000000000)
    WHERE `date` IN (SELECT `date` FROM `turns` WHERE `id` = new.`turn_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `budgets_stamp_delete` AFTER DELETE ON `budgets` WHEN old.`turn_id` IS NOT NULL BEGIN
  UPDATE `turn_days` SET `v` = abs(random() % 1000000000)
    WHERE `date` IN (SELECT `date` FROM `turns` WHERE `id` = old.`turn_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `budgets_stamp_update` AFTER UPDATE OF `turn_id`, `paid` ON `budgets` BEGIN
  UPDATE `turn_days` SET `v` = abs(random() % 1000000000)
    WHERE `date` IN (SELECT `date` FROM `turns` WHERE `id` IN (old.`turn_id`, new.`turn_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `users_stamp_update` AFTER UPDATE OF `name`, `last_name`, `document`, `email_confirmed` ON `users` BEGIN
  UPDATE `calendar_epoch` SET `v` = abs(random() % 1000000000) WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `patients_stamp_update` AFTER UPDATE OF `user_id` ON `patients` BEGIN
  UPDATE `calendar_epoch` SET `v` = abs(random() % 1000000000) WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `turn_days_stamp_delete` AFTER DELETE ON `turn_days` BEGIN
  UPDATE `calendar_epoch` SET `v` = abs(random() % 1000000000) WHERE `id` = 1;
END;
