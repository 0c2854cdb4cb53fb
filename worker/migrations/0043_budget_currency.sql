-- A budget keeps the currency it was made in: changing the clinic's currency later must not relabel
-- the budgets already made ('ARS 1,170.00' stays ARS). Existing budgets take the clinic's currency as
-- it is now (ARS when there is no clinic yet); new ones store the clinic's currency when they are made.
ALTER TABLE `budgets` ADD `currency` text DEFAULT 'ARS' NOT NULL;
--> statement-breakpoint
UPDATE `budgets` SET `currency` = coalesce((SELECT `currency` FROM `clinics` ORDER BY `id` LIMIT 1), 'ARS')
WHERE true;
--> statement-breakpoint
-- The report's money per currency: a month's billed and collected add up only amounts of one
-- currency (report_months adds budgets and payments of every currency together; its counts stay).
-- Kept by triggers like report_months, and filled from the rows already stored.
CREATE TABLE `report_money` (
	`month` text NOT NULL,
	`currency` text NOT NULL,
	`billed_cents` integer DEFAULT 0 NOT NULL,
	`collected_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`month`, `currency`)
);
--> statement-breakpoint
INSERT INTO `report_money` (`month`, `currency`, `billed_cents`)
SELECT substr(`created_at`, 1, 7), `currency`, sum(`total_cents`)
FROM `budgets` WHERE `voided_at` IS NULL GROUP BY 1, 2
ON CONFLICT (`month`, `currency`) DO UPDATE SET `billed_cents` = `billed_cents` + excluded.`billed_cents`;
--> statement-breakpoint
INSERT INTO `report_money` (`month`, `currency`, `collected_cents`)
SELECT substr(p.`created_at`, 1, 7), b.`currency`,
  sum(CASE WHEN p.`kind` = 'refund' THEN -p.`amount_cents` ELSE p.`amount_cents` END)
FROM `budget_payments` p JOIN `budgets` b ON b.`id` = p.`budget_id` GROUP BY 1, 2
ON CONFLICT (`month`, `currency`) DO UPDATE SET `collected_cents` = `collected_cents` + excluded.`collected_cents`;
--> statement-breakpoint
CREATE TRIGGER `report_money_budgets_insert` AFTER INSERT ON `budgets` WHEN new.`voided_at` IS NULL BEGIN
  INSERT INTO `report_money` (`month`, `currency`, `billed_cents`)
  VALUES (substr(new.`created_at`, 1, 7), new.`currency`, new.`total_cents`)
  ON CONFLICT (`month`, `currency`) DO UPDATE SET `billed_cents` = `billed_cents` + excluded.`billed_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_money_budgets_delete` AFTER DELETE ON `budgets` WHEN old.`voided_at` IS NULL BEGIN
  UPDATE `report_money` SET `billed_cents` = `billed_cents` - old.`total_cents`
  WHERE `month` = substr(old.`created_at`, 1, 7) AND `currency` = old.`currency`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_money_budgets_update` AFTER UPDATE OF `total_cents`, `voided_at`, `created_at`, `currency` ON `budgets` BEGIN
  UPDATE `report_money` SET `billed_cents` = `billed_cents` - old.`total_cents`
  WHERE `month` = substr(old.`created_at`, 1, 7) AND `currency` = old.`currency` AND old.`voided_at` IS NULL;
  INSERT INTO `report_money` (`month`, `currency`, `billed_cents`)
  SELECT substr(new.`created_at`, 1, 7), new.`currency`, new.`total_cents` WHERE new.`voided_at` IS NULL
  ON CONFLICT (`month`, `currency`) DO UPDATE SET `billed_cents` = `billed_cents` + excluded.`billed_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_money_payments_insert` AFTER INSERT ON `budget_payments` BEGIN
  INSERT INTO `report_money` (`month`, `currency`, `collected_cents`)
  SELECT substr(new.`created_at`, 1, 7), `currency`,
    CASE WHEN new.`kind` = 'refund' THEN -new.`amount_cents` ELSE new.`amount_cents` END
  FROM `budgets` WHERE `id` = new.`budget_id`
  ON CONFLICT (`month`, `currency`) DO UPDATE SET `collected_cents` = `collected_cents` + excluded.`collected_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_money_payments_delete` AFTER DELETE ON `budget_payments` BEGIN
  UPDATE `report_money` SET `collected_cents` = `collected_cents` -
    CASE WHEN old.`kind` = 'refund' THEN -old.`amount_cents` ELSE old.`amount_cents` END
  WHERE `month` = substr(old.`created_at`, 1, 7)
    AND `currency` = (SELECT `currency` FROM `budgets` WHERE `id` = old.`budget_id`);
END;
