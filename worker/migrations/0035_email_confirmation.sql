-- Proving an address. Sign-up mails a confirmation link; until it is used the account is
-- unconfirmed (it may still sign in and book; the calendar marks its requests). Every account that
-- exists before this migration (demo data, registered at the desk, social sign-in) counts as
-- confirmed, so nothing existing changes.
ALTER TABLE `users` ADD `email_confirmed` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- A second factor enrolled while the address was unconfirmed: a reset through the mailbox, which
-- proves the address, ends it (someone who squatted an address cannot lock its owner out).
ALTER TABLE `users` ADD `factor_unconfirmed` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Confirmation links: the sign-up's (for the account's own address) and an email change's (for the
-- new address, which becomes the account's only when its link is used). Only the SHA-256 of the
-- random token is stored; a link works once and until it expires.
CREATE TABLE `email_confirmations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`session_id` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_confirmations_user_idx` ON `email_confirmations` (`user_id`);
