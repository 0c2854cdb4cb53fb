DROP INDEX `budgets_patient_idx`;--> statement-breakpoint
CREATE INDEX `budgets_patient_paid_created_idx` ON `budgets` (`patient_id`,`paid`,`created_at`);