-- Registration that fits real people.
-- A document is a DNI (digits) or another type chosen explicitly (a passport, a foreign ID).
ALTER TABLE `users` ADD COLUMN `document_type` text DEFAULT 'DNI' NOT NULL;
-- A dependant (a child, say) may have a guardian: the guardian's user. A dependant may share the
-- guardian's email or have none; their mail goes to the guardian and they never sign in themselves.
ALTER TABLE `users` ADD COLUMN `guardian_user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL;
-- An email is unique among the accounts that sign in with it: a dependant may share their
-- guardian's, and a patient registered at the desk may have none (an empty email).
DROP INDEX IF EXISTS `users_email_uq`;
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`) WHERE `email` <> '' AND `guardian_user_id` IS NULL;
CREATE INDEX `users_email_idx` ON `users` (`email`);
CREATE INDEX `users_guardian_idx` ON `users` (`guardian_user_id`) WHERE `guardian_user_id` IS NOT NULL;
