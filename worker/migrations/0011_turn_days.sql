-- How many turns each date holds, kept in step by triggers. The calendar reads a month in pages
-- of 200: from these counts (a row per day) it knows the month's total and on which day a page
-- starts, so a later page does not step over the turns of the earlier ones, and the total does
-- not count the month's turns one by one (200,000 turns in the bench).
CREATE TABLE `turn_days` (
	`date` text PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `turn_days` (`date`, `n`) SELECT `date`, count(*) FROM `turns` GROUP BY `date`;
--> statement-breakpoint
CREATE TRIGGER `turn_days_insert` AFTER INSERT ON `turns` BEGIN
  INSERT INTO `turn_days` (`date`, `n`) VALUES (new.`date`, 1)
    ON CONFLICT (`date`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `turn_days_delete` AFTER DELETE ON `turns` BEGIN
  UPDATE `turn_days` SET `n` = `n` - 1 WHERE `date` = old.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `turn_days_update` AFTER UPDATE OF `date` ON `turns` WHEN old.`date` <> new.`date` BEGIN
  UPDATE `turn_days` SET `n` = `n` - 1 WHERE `date` = old.`date`;
  INSERT INTO `turn_days` (`date`, `n`) VALUES (new.`date`, 1)
    ON CONFLICT (`date`) DO UPDATE SET `n` = `n` + 1;
END;
