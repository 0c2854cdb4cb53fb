-- What the 'Sessions' list shows: the browser (User-Agent as sent) and the approximate place
-- (CF-IPCountry deployed, '' locally). `pending` is set while a sign-in still owes its second step:
-- 'enrol' (the clinic requires a factor the medic has not set up) or 'code' (after a social
-- sign-in, the code is still to be given); such a session reaches only the routes of that step.
ALTER TABLE `sessions` ADD `user_agent` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `sessions` ADD `place` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `sessions` ADD `pending` text;
