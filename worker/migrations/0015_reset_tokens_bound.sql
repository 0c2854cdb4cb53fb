-- A reset token is bound to the address it was mailed to, and ends when that address or the
-- password changes: a token mailed before an email change can no longer set
-- a password under the new address.
-- Tokens issued before this migration carry no address: they are dropped (they last 30 minutes).
DELETE FROM `password_resets` WHERE `used_at` IS NULL;
--> statement-breakpoint
ALTER TABLE `password_resets` ADD `email` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Whatever route changes the sign-in email (own profile, a medic's update, a medic's own record),
-- every outstanding token of that account ends.
CREATE TRIGGER `password_resets_end_on_email_change` AFTER UPDATE OF `email` ON `users`
WHEN old.`email` IS NOT new.`email`
BEGIN
  DELETE FROM `password_resets` WHERE `user_id` = new.`id` AND `used_at` IS NULL;
END;
--> statement-breakpoint
-- A password change or a reset ends every outstanding token too.
CREATE TRIGGER `password_resets_end_on_password_change` AFTER UPDATE OF `password_hash` ON `users`
WHEN old.`password_hash` IS NOT new.`password_hash`
BEGIN
  DELETE FROM `password_resets` WHERE `user_id` = new.`id` AND `used_at` IS NULL;
END;
