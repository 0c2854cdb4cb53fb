-- Fewer empty chairs: outcomes, confirmations, cancellation records, reply links, the waitlist and
-- its offers, recall intervals and recall due dates.

-- The desk marks a started turn attended or no-show; null until then.
ALTER TABLE `turns` ADD `outcome` text;
--> statement-breakpoint
-- The patient confirmed the turn from the reminder's link.
ALTER TABLE `turns` ADD `patient_confirmed` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A cancelled turn is deleted (it leaves every list) but leaves this record for the reports: who,
-- when, how many hours ahead of its start, and whether that was inside the 24-hour notice.
CREATE TABLE `turn_cancellations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`turn_id` integer NOT NULL,
	`patient_id` integer NOT NULL,
	`medic_id` integer NOT NULL,
	`date` text NOT NULL,
	`time` real NOT NULL,
	`duration` real NOT NULL,
	`cancelled_by` text NOT NULL,
	`by_user_id` integer,
	`cancelled_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`hours_ahead` real NOT NULL,
	`late` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `turn_cancellations_at_idx` ON `turn_cancellations` (`cancelled_at`);
--> statement-breakpoint
-- Each Confirm or Cancel link of a turn at its date and time works once: its use claims this key.
CREATE TABLE `turn_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`turn_id` integer NOT NULL,
	`action` text NOT NULL,
	`date` text NOT NULL,
	`time` real NOT NULL,
	`used_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `turn_replies_uq` ON `turn_replies` (`turn_id`,`action`,`date`,`time`);
--> statement-breakpoint
-- The waitlist's settings: minutes before a freed start is offered, how long an offer holds, and
-- how many waiting patients each round of offers goes to.
ALTER TABLE `clinics` ADD `waitlist_grace_minutes` integer DEFAULT 3 NOT NULL;
--> statement-breakpoint
ALTER TABLE `clinics` ADD `waitlist_hold_minutes` integer DEFAULT 15 NOT NULL;
--> statement-breakpoint
ALTER TABLE `clinics` ADD `waitlist_batch` integer DEFAULT 3 NOT NULL;
--> statement-breakpoint
-- A treatment may bring the patient back after this many months (a check-up).
ALTER TABLE `treatments` ADD `recall_months` integer;
--> statement-breakpoint
-- Patients waiting for an earlier turn: a date window, weekdays (JSON array, 0 = Sunday), a part of
-- the day and optionally the hours they need. `booked_turn_id` once an offer gave them a turn.
CREATE TABLE `waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL REFERENCES `patients`(`id`) ON DELETE cascade,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`days` text DEFAULT '[0,1,2,3,4,5,6]' NOT NULL,
	`part` text DEFAULT 'any' NOT NULL,
	`duration` real,
	`booked_turn_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `waitlist_window_idx` ON `waitlist` (`to_date`,`from_date`);
--> statement-breakpoint
CREATE INDEX `waitlist_patient_idx` ON `waitlist` (`patient_id`);
--> statement-breakpoint
-- A start that fits nobody's turn any more: offered once `offer_at` has passed (the grace), again
-- every hold (`next_at`) to the next patients, until someone claims it (`turn_id`) or nobody fits.
-- status: pending | offering | filled | withdrawn | exhausted.
CREATE TABLE `freed_slots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`time` real NOT NULL,
	`duration` real NOT NULL,
	`medic_id` integer NOT NULL,
	`freed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`next_at` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`round` integer DEFAULT 0 NOT NULL,
	`turn_id` integer
);
--> statement-breakpoint
CREATE INDEX `freed_slots_due_idx` ON `freed_slots` (`status`,`next_at`);
--> statement-breakpoint
-- One offer of a freed start to one waitlist entry; the mailed link carries a token whose SHA-256
-- is `token_hash`. `state`: sent | won | taken | expired.
CREATE TABLE `waitlist_offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slot_id` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`patient_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`sent_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`state` text DEFAULT 'sent' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_token_uq` ON `waitlist_offers` (`token_hash`);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_slot_entry_uq` ON `waitlist_offers` (`slot_id`,`entry_id`);
--> statement-breakpoint
CREATE INDEX `waitlist_offers_entry_idx` ON `waitlist_offers` (`entry_id`);
--> statement-breakpoint
-- A patient's recall: the date a visit with a recall interval brings them back, the desk's progress
-- (open | contacted | dismissed | booked) and when the recall mail went out (once).
CREATE TABLE `recalls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL REFERENCES `patients`(`id`) ON DELETE cascade,
	`due_date` text NOT NULL,
	`last_visit` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`mailed_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recalls_patient_uq` ON `recalls` (`patient_id`);
--> statement-breakpoint
CREATE INDEX `recalls_due_idx` ON `recalls` (`status`,`due_date`);
