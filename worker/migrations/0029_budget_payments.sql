-- Payments that add up: a budget holds its payments and refunds (budget_payments), keeps their net
-- in paid_cents (so the list sorts and filters on the balance in SQL) and is paid when nothing is
-- left to pay. A pending budget may be edited (a tooth per line, a validity date) or voided with a
-- reason. The webhook records what it refused. The clinic may allow a deposit (a minimum percentage).
ALTER TABLE `budgets` ADD COLUMN `paid_cents` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE `budgets` ADD COLUMN `checkout_cents` integer;
--> statement-breakpoint
ALTER TABLE `budgets` ADD COLUMN `valid_until` text;
--> statement-breakpoint
ALTER TABLE `budgets` ADD COLUMN `voided_at` text;
--> statement-breakpoint
ALTER TABLE `budgets` ADD COLUMN `void_reason` text;
--> statement-breakpoint
ALTER TABLE `budget_lines` ADD COLUMN `tooth_id` integer;
--> statement-breakpoint
ALTER TABLE `clinics` ADD COLUMN `min_deposit_percent` integer NOT NULL DEFAULT 100;
--> statement-breakpoint
CREATE TABLE `budget_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`budget_id` integer NOT NULL REFERENCES `budgets`(`id`) ON DELETE cascade,
	`kind` text NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text,
	`refund_of` integer,
	`session_id` text,
	`by_user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `budget_payments_budget_idx` ON `budget_payments` (`budget_id`);
--> statement-breakpoint
CREATE INDEX `budget_payments_refund_of_idx` ON `budget_payments` (`refund_of`);
--> statement-breakpoint
CREATE TABLE `payment_refusals` (
	`event_id` text PRIMARY KEY NOT NULL,
	`budget_id` integer,
	`reason` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
-- Budgets paid before payments were recorded: one payment of their total, so their balance is 0.
INSERT INTO `budget_payments` (`budget_id`, `kind`, `method`, `amount_cents`, `created_at`)
  SELECT `id`, 'payment', 'earlier', `total_cents`, `updated_at` FROM `budgets` WHERE `paid` <> 0 AND `total_cents` > 0;
--> statement-breakpoint
UPDATE `budgets` SET `paid_cents` = `total_cents` WHERE `paid` <> 0;
