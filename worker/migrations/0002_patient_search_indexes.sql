DROP INDEX `users_search_name_idx`;--> statement-breakpoint
DROP INDEX `users_last_name_lower_idx`;--> statement-breakpoint
CREATE INDEX `users_patient_search_idx` ON `users` (`user_type`,`search_name`,lower(last_name));--> statement-breakpoint
CREATE INDEX `users_patient_last_name_idx` ON `users` (`user_type`,lower(last_name),`search_name`);--> statement-breakpoint
CREATE INDEX `users_patient_document_idx` ON `users` (`user_type`,`document`);