-- The reports screen's figures, one row per month and medic, kept in step with the turns, their
-- cancellations, the waitlist's refilled starts, the patients, the budgets and their payments by
-- triggers, so a 12-month report reads at most 12 rows per medic (plus one per month for the
-- clinic's own figures) instead of every turn and budget. medic_id 0 holds what belongs to no
-- medic: budgets, payments and new patients. Months are the turn's date for turns, cancellations
-- and refilled starts, and the UTC month a record was created in for budgets, payments and
-- patients. Money in cents, booked time in minutes (integers, so the sums never drift).
CREATE TABLE `report_months` (
	`month` text NOT NULL,
	`medic_id` integer NOT NULL,
	`billed_cents` integer DEFAULT 0 NOT NULL,
	`budgets` integer DEFAULT 0 NOT NULL,
	`budgets_paid` integer DEFAULT 0 NOT NULL,
	`collected_cents` integer DEFAULT 0 NOT NULL,
	`turns` integer DEFAULT 0 NOT NULL,
	`attended` integer DEFAULT 0 NOT NULL,
	`no_shows` integer DEFAULT 0 NOT NULL,
	`booked_minutes` integer DEFAULT 0 NOT NULL,
	`cancelled` integer DEFAULT 0 NOT NULL,
	`late_cancelled` integer DEFAULT 0 NOT NULL,
	`refilled` integer DEFAULT 0 NOT NULL,
	`new_patients` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`month`, `medic_id`)
);
--> statement-breakpoint
-- Back-fill from the rows already stored.
INSERT INTO `report_months` (`month`, `medic_id`, `turns`, `attended`, `no_shows`, `booked_minutes`)
SELECT substr(`date`, 1, 7), `medic_id`, count(*), sum(`outcome` IS 'attended'), sum(`outcome` IS 'no-show'),
  sum(CAST(round(`duration` * 60) AS integer))
FROM `turns` WHERE true GROUP BY 1, 2
ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `turns` = `turns` + excluded.`turns`,
  `attended` = `attended` + excluded.`attended`, `no_shows` = `no_shows` + excluded.`no_shows`,
  `booked_minutes` = `booked_minutes` + excluded.`booked_minutes`;
--> statement-breakpoint
INSERT INTO `report_months` (`month`, `medic_id`, `cancelled`, `late_cancelled`)
SELECT substr(`date`, 1, 7), `medic_id`, count(*), sum(`late` <> 0)
FROM `turn_cancellations` WHERE true GROUP BY 1, 2
ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `cancelled` = `cancelled` + excluded.`cancelled`,
  `late_cancelled` = `late_cancelled` + excluded.`late_cancelled`;
--> statement-breakpoint
INSERT INTO `report_months` (`month`, `medic_id`, `refilled`)
SELECT substr(`date`, 1, 7), `medic_id`, count(*)
FROM `freed_slots` WHERE `status` = 'filled' GROUP BY 1, 2
ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `refilled` = `refilled` + excluded.`refilled`;
--> statement-breakpoint
INSERT INTO `report_months` (`month`, `medic_id`, `new_patients`)
SELECT substr(`created_at`, 1, 7), 0, count(*)
FROM `patients` WHERE true GROUP BY 1
ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `new_patients` = `new_patients` + excluded.`new_patients`;
--> statement-breakpoint
INSERT INTO `report_months` (`month`, `medic_id`, `budgets`, `budgets_paid`, `billed_cents`)
SELECT substr(`created_at`, 1, 7), 0, count(*), sum(`paid` <> 0), sum(`total_cents`)
FROM `budgets` WHERE `voided_at` IS NULL GROUP BY 1
ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `budgets` = `budgets` + excluded.`budgets`,
  `budgets_paid` = `budgets_paid` + excluded.`budgets_paid`,
  `billed_cents` = `billed_cents` + excluded.`billed_cents`;
--> statement-breakpoint
INSERT INTO `report_months` (`month`, `medic_id`, `collected_cents`)
SELECT substr(`created_at`, 1, 7), 0,
  sum(CASE WHEN `kind` = 'refund' THEN -`amount_cents` ELSE `amount_cents` END)
FROM `budget_payments` WHERE true GROUP BY 1
ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `collected_cents` = `collected_cents` + excluded.`collected_cents`;
--> statement-breakpoint
-- Turns: a turn counts in its date's month for its medic, with its outcome and its minutes; a
-- move, a change of length, of medic or of outcome takes the old figures out and puts the new in.
CREATE TRIGGER `report_turns_insert` AFTER INSERT ON `turns` BEGIN
  INSERT INTO `report_months` (`month`, `medic_id`, `turns`, `attended`, `no_shows`, `booked_minutes`)
  VALUES (substr(new.`date`, 1, 7), new.`medic_id`, 1, new.`outcome` IS 'attended', new.`outcome` IS 'no-show',
    CAST(round(new.`duration` * 60) AS integer))
  ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `turns` = `turns` + excluded.`turns`,
    `attended` = `attended` + excluded.`attended`, `no_shows` = `no_shows` + excluded.`no_shows`,
    `booked_minutes` = `booked_minutes` + excluded.`booked_minutes`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_turns_delete` AFTER DELETE ON `turns` BEGIN
  UPDATE `report_months` SET `turns` = `turns` - 1,
    `attended` = `attended` - (old.`outcome` IS 'attended'), `no_shows` = `no_shows` - (old.`outcome` IS 'no-show'),
    `booked_minutes` = `booked_minutes` - CAST(round(old.`duration` * 60) AS integer)
  WHERE `month` = substr(old.`date`, 1, 7) AND `medic_id` = old.`medic_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_turns_update` AFTER UPDATE OF `date`, `duration`, `medic_id`, `outcome` ON `turns` BEGIN
  UPDATE `report_months` SET `turns` = `turns` - 1,
    `attended` = `attended` - (old.`outcome` IS 'attended'), `no_shows` = `no_shows` - (old.`outcome` IS 'no-show'),
    `booked_minutes` = `booked_minutes` - CAST(round(old.`duration` * 60) AS integer)
  WHERE `month` = substr(old.`date`, 1, 7) AND `medic_id` = old.`medic_id`;
  INSERT INTO `report_months` (`month`, `medic_id`, `turns`, `attended`, `no_shows`, `booked_minutes`)
  VALUES (substr(new.`date`, 1, 7), new.`medic_id`, 1, new.`outcome` IS 'attended', new.`outcome` IS 'no-show',
    CAST(round(new.`duration` * 60) AS integer))
  ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `turns` = `turns` + excluded.`turns`,
    `attended` = `attended` + excluded.`attended`, `no_shows` = `no_shows` + excluded.`no_shows`,
    `booked_minutes` = `booked_minutes` + excluded.`booked_minutes`;
END;
--> statement-breakpoint
-- A cancellation's record (the turn itself is deleted) counts in the turn's month, late or not.
CREATE TRIGGER `report_cancellations_insert` AFTER INSERT ON `turn_cancellations` BEGIN
  INSERT INTO `report_months` (`month`, `medic_id`, `cancelled`, `late_cancelled`)
  VALUES (substr(new.`date`, 1, 7), new.`medic_id`, 1, new.`late` <> 0)
  ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `cancelled` = `cancelled` + excluded.`cancelled`,
    `late_cancelled` = `late_cancelled` + excluded.`late_cancelled`;
END;
--> statement-breakpoint
-- A freed start taken from the waitlist's offer is a refilled slot.
CREATE TRIGGER `report_refilled_update` AFTER UPDATE OF `status` ON `freed_slots`
WHEN new.`status` = 'filled' AND old.`status` IS NOT 'filled' BEGIN
  INSERT INTO `report_months` (`month`, `medic_id`, `refilled`)
  VALUES (substr(new.`date`, 1, 7), new.`medic_id`, 1)
  ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `refilled` = `refilled` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `report_patients_insert` AFTER INSERT ON `patients` BEGIN
  INSERT INTO `report_months` (`month`, `medic_id`, `new_patients`)
  VALUES (substr(new.`created_at`, 1, 7), 0, 1)
  ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `new_patients` = `new_patients` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `report_patients_delete` AFTER DELETE ON `patients` BEGIN
  UPDATE `report_months` SET `new_patients` = `new_patients` - 1
  WHERE `month` = substr(old.`created_at`, 1, 7) AND `medic_id` = 0;
END;
--> statement-breakpoint
-- Budgets: made in their month (a voided one no longer counts), paid or not, and their totals.
CREATE TRIGGER `report_budgets_insert` AFTER INSERT ON `budgets` WHEN new.`voided_at` IS NULL BEGIN
  INSERT INTO `report_months` (`month`, `medic_id`, `budgets`, `budgets_paid`, `billed_cents`)
  VALUES (substr(new.`created_at`, 1, 7), 0, 1, new.`paid` <> 0, new.`total_cents`)
  ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `budgets` = `budgets` + excluded.`budgets`,
    `budgets_paid` = `budgets_paid` + excluded.`budgets_paid`,
    `billed_cents` = `billed_cents` + excluded.`billed_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_budgets_delete` AFTER DELETE ON `budgets` WHEN old.`voided_at` IS NULL BEGIN
  UPDATE `report_months` SET `budgets` = `budgets` - 1, `budgets_paid` = `budgets_paid` - (old.`paid` <> 0),
    `billed_cents` = `billed_cents` - old.`total_cents`
  WHERE `month` = substr(old.`created_at`, 1, 7) AND `medic_id` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `report_budgets_update` AFTER UPDATE OF `total_cents`, `paid`, `voided_at`, `created_at` ON `budgets` BEGIN
  UPDATE `report_months` SET `budgets` = `budgets` - 1, `budgets_paid` = `budgets_paid` - (old.`paid` <> 0),
    `billed_cents` = `billed_cents` - old.`total_cents`
  WHERE `month` = substr(old.`created_at`, 1, 7) AND `medic_id` = 0 AND old.`voided_at` IS NULL;
  INSERT INTO `report_months` (`month`, `medic_id`, `budgets`, `budgets_paid`, `billed_cents`)
  SELECT substr(new.`created_at`, 1, 7), 0, 1, new.`paid` <> 0, new.`total_cents` WHERE new.`voided_at` IS NULL
  ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `budgets` = `budgets` + excluded.`budgets`,
    `budgets_paid` = `budgets_paid` + excluded.`budgets_paid`,
    `billed_cents` = `billed_cents` + excluded.`billed_cents`;
END;
--> statement-breakpoint
-- Money collected in the month a payment was made, less the refunds given that month.
CREATE TRIGGER `report_payments_insert` AFTER INSERT ON `budget_payments` BEGIN
  INSERT INTO `report_months` (`month`, `medic_id`, `collected_cents`)
  VALUES (substr(new.`created_at`, 1, 7), 0,
    CASE WHEN new.`kind` = 'refund' THEN -new.`amount_cents` ELSE new.`amount_cents` END)
  ON CONFLICT (`month`, `medic_id`) DO UPDATE SET `collected_cents` = `collected_cents` + excluded.`collected_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_payments_delete` AFTER DELETE ON `budget_payments` BEGIN
  UPDATE `report_months` SET `collected_cents` = `collected_cents` -
    CASE WHEN old.`kind` = 'refund' THEN -old.`amount_cents` ELSE old.`amount_cents` END
  WHERE `month` = substr(old.`created_at`, 1, 7) AND `medic_id` = 0;
END;
