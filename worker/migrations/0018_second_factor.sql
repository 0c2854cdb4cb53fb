-- A second factor (TOTP, RFC 6238) for any account. The secret is AES-GCM encrypted with the
-- worker secret TOTP_KEY; `totp_pending_secret` holds one being enrolled until its first code
-- confirms it. `totp_last_step` is the time step of the last code accepted: a code is taken once.
ALTER TABLE `users` ADD `totp_secret` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `totp_pending_secret` text;
--> statement-breakpoint
ALTER TABLE `users` ADD `totp_last_step` integer;
--> statement-breakpoint
-- Ten one-time recovery codes per enrolment, stored as SHA-256 (they are random, 50 bits each).
CREATE TABLE `recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recovery_codes_user_code_uq` ON `recovery_codes` (`user_id`,`code_hash`);
--> statement-breakpoint
-- The clinic's policy: on for every clinic made on a deployment; the local demo seed turns it off.
ALTER TABLE `clinics` ADD `require_medic_second_factor` integer DEFAULT 1 NOT NULL;
