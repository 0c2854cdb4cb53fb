-- Reminder mails the day before an accepted turn. A patient may switch them off (on by default).
ALTER TABLE `patients` ADD `reminders` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- One row per reminder sent: the unique key (turn, date, time) makes each reminder go out once,
-- and a moved turn (new date or time) gets a reminder of its own.
CREATE TABLE `turn_reminders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`turn_id` integer NOT NULL,
	`date` text NOT NULL,
	`time` real NOT NULL,
	`sent_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `turn_reminders_turn_slot_uq` ON `turn_reminders` (`turn_id`,`date`,`time`);
--> statement-breakpoint
-- The daily agenda mailed to each medic at 07:00 clinic time: one row per medic and day.
CREATE TABLE `medic_agendas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`medic_id` integer NOT NULL,
	`date` text NOT NULL,
	`sent_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `medic_agendas_medic_date_uq` ON `medic_agendas` (`medic_id`,`date`);
