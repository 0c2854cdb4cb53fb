CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`user_id` integer,
	`action` text NOT NULL,
	`patient_id` integer,
	`route` text NOT NULL,
	`status` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_patient_idx` ON `audit_log` (`patient_id`,`at`);--> statement-breakpoint
CREATE TABLE `budget_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`budget_id` integer NOT NULL,
	`treatment_id` text NOT NULL,
	`treatment_type` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	`sub_total_cents` integer NOT NULL,
	FOREIGN KEY (`budget_id`) REFERENCES `budgets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `budget_lines_budget_idx` ON `budget_lines` (`budget_id`);--> statement-breakpoint
CREATE TABLE `budgets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`discount_cents` integer,
	`total_cents` integer NOT NULL,
	`paid` integer DEFAULT false NOT NULL,
	`link_payment` text,
	`id_payment` text,
	`turn_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `budgets_patient_idx` ON `budgets` (`patient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `budgets_paid_created_idx` ON `budgets` (`paid`,`created_at`);--> statement-breakpoint
CREATE INDEX `budgets_created_idx` ON `budgets` (`created_at`);--> statement-breakpoint
CREATE INDEX `budgets_total_idx` ON `budgets` (`total_cents`);--> statement-breakpoint
CREATE TABLE `clinical_histories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`b_smoker` integer DEFAULT false NOT NULL,
	`b_use_drugs` integer DEFAULT false NOT NULL,
	`b_pregnant` integer DEFAULT false NOT NULL,
	`b_take_medicine` integer DEFAULT false NOT NULL,
	`b_suffered_from_illness` integer DEFAULT false NOT NULL,
	`b_alergic_to_medicine` integer DEFAULT false NOT NULL,
	`b_normal_wound_healing` integer DEFAULT false NOT NULL,
	`b_other` text DEFAULT '' NOT NULL,
	`ic_angina_pectoris` integer DEFAULT false NOT NULL,
	`ic_myocardial_infarction` integer DEFAULT false NOT NULL,
	`ic_hypertension` integer DEFAULT false NOT NULL,
	`ic_vascular_affections` integer DEFAULT false NOT NULL,
	`ic_other` text DEFAULT '' NOT NULL,
	`ih_anemia` integer DEFAULT false NOT NULL,
	`ih_leukemia` integer DEFAULT false NOT NULL,
	`ih_haemophilia` integer DEFAULT false NOT NULL,
	`ih_alteration_white_serie` integer DEFAULT false NOT NULL,
	`ih_other` text DEFAULT '' NOT NULL,
	`ir_asthma` integer DEFAULT false NOT NULL,
	`ir_pulmonary_edema` integer DEFAULT false NOT NULL,
	`ir_ephysemia` integer DEFAULT false NOT NULL,
	`ir_tuberculosis` integer DEFAULT false NOT NULL,
	`ir_chronic_bronchitis` integer DEFAULT false NOT NULL,
	`ir_other` text DEFAULT '' NOT NULL,
	`ig_ulcer` integer DEFAULT false NOT NULL,
	`ig_hepatitis` integer DEFAULT false NOT NULL,
	`ig_cirrohsis` integer DEFAULT false NOT NULL,
	`ig_other` text DEFAULT '' NOT NULL,
	`in_epilepsy` integer DEFAULT false NOT NULL,
	`in_use_of_tranquilizers` integer DEFAULT false NOT NULL,
	`in_seizures` integer DEFAULT false NOT NULL,
	`in_other` text DEFAULT '' NOT NULL,
	`ib_osteoporosis` integer DEFAULT false NOT NULL,
	`ib_paget` integer DEFAULT false NOT NULL,
	`ib_rickets` integer DEFAULT false NOT NULL,
	`ib_osteomalacia` integer DEFAULT false NOT NULL,
	`ib_other` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clinical_histories_patient_uq` ON `clinical_histories` (`patient_id`);--> statement-breakpoint
CREATE TABLE `clinics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`street` text DEFAULT '' NOT NULL,
	`number` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`postal_code` text DEFAULT '' NOT NULL,
	`telephone` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`hours` text DEFAULT '' NOT NULL,
	`turn_standard_duration` real DEFAULT 0.5 NOT NULL,
	`office_hours` text DEFAULT '[[],[],[],[],[],[],[]]' NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `evolutions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`observations` text NOT NULL,
	`medic_id` integer NOT NULL,
	`patient_id` integer NOT NULL,
	`treatment_id` text,
	`tooth_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`medic_id`) REFERENCES `medics`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`treatment_id`) REFERENCES `treatments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`tooth_id`) REFERENCES `teeth`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `evolutions_patient_idx` ON `evolutions` (`patient_id`,`date`);--> statement-breakpoint
CREATE TABLE `medics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`clinic_id` integer DEFAULT 1 NOT NULL,
	`doctor_title` text DEFAULT '' NOT NULL,
	`doctor_specialization` text DEFAULT '' NOT NULL,
	`doctor_tuition_date` text DEFAULT '' NOT NULL,
	`doctor_tuition_number` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `medics_user_uq` ON `medics` (`user_id`);--> statement-breakpoint
CREATE TABLE `oidc_states` (
	`state` text PRIMARY KEY NOT NULL,
	`code_verifier` text NOT NULL,
	`nonce` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
CREATE TABLE `patients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`medical_service` text DEFAULT '' NOT NULL,
	`obra_social` text,
	`show_clinical_history` integer DEFAULT false NOT NULL,
	`tutor` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `patients_user_uq` ON `patients` (`user_id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`budget_id` integer,
	`processed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `studies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`study_type` text NOT NULL,
	`description` text,
	`file_key` text,
	`file_name` text,
	`file_size` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `studies_patient_idx` ON `studies` (`patient_id`);--> statement-breakpoint
CREATE TABLE `teeth` (
	`id` integer PRIMARY KEY NOT NULL,
	`zone` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `treatments` (
	`id` text PRIMARY KEY NOT NULL,
	`clinic_id` integer DEFAULT 1 NOT NULL,
	`treatment_type` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `treatments_clinic_idx` ON `treatments` (`clinic_id`,`id`);--> statement-breakpoint
CREATE TABLE `turns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`time` real NOT NULL,
	`duration` real NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`medic_accepts` integer DEFAULT false NOT NULL,
	`patient_accepts` integer DEFAULT false NOT NULL,
	`medic_id` integer DEFAULT 1 NOT NULL,
	`patient_id` integer NOT NULL,
	`is_consultation` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `turns_date_idx` ON `turns` (`date`,`time`);--> statement-breakpoint
CREATE INDEX `turns_patient_idx` ON `turns` (`patient_id`,`date`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`user_type` text NOT NULL,
	`name` text NOT NULL,
	`last_name` text NOT NULL,
	`search_name` text NOT NULL,
	`document` text NOT NULL,
	`street` text DEFAULT '' NOT NULL,
	`number` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`postal_code` text DEFAULT '' NOT NULL,
	`birth` text DEFAULT '' NOT NULL,
	`cellphone` text DEFAULT '' NOT NULL,
	`telephone` text DEFAULT '' NOT NULL,
	`image_profile` text,
	`incomplete` integer DEFAULT false NOT NULL,
	`approved` integer DEFAULT true NOT NULL,
	`oidc_subject` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_document_uq` ON `users` (`document`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_oidc_subject_uq` ON `users` (`oidc_subject`);--> statement-breakpoint
CREATE INDEX `users_search_name_idx` ON `users` (`search_name`);--> statement-breakpoint
CREATE INDEX `users_last_name_idx` ON `users` (`last_name`);