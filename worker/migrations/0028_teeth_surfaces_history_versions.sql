-- Teeth: the permanent (11-48) and primary (51-85) teeth in FDI numbering, so a child can be charted.
-- Written here as well as by the demo seed, so a database that was never seeded has them too.
INSERT OR IGNORE INTO `teeth` (`id`, `zone`, `position`) VALUES
  (11, 'upper right', 1),
  (12, 'upper right', 2),
  (13, 'upper right', 3),
  (14, 'upper right', 4),
  (15, 'upper right', 5),
  (16, 'upper right', 6),
  (17, 'upper right', 7),
  (18, 'upper right', 8),
  (21, 'upper left', 1),
  (22, 'upper left', 2),
  (23, 'upper left', 3),
  (24, 'upper left', 4),
  (25, 'upper left', 5),
  (26, 'upper left', 6),
  (27, 'upper left', 7),
  (28, 'upper left', 8),
  (31, 'lower left', 1),
  (32, 'lower left', 2),
  (33, 'lower left', 3),
  (34, 'lower left', 4),
  (35, 'lower left', 5),
  (36, 'lower left', 6),
  (37, 'lower left', 7),
  (38, 'lower left', 8),
  (41, 'lower right', 1),
  (42, 'lower right', 2),
  (43, 'lower right', 3),
  (44, 'lower right', 4),
  (45, 'lower right', 5),
  (46, 'lower right', 6),
  (47, 'lower right', 7),
  (48, 'lower right', 8),
  (51, 'upper right', 1),
  (52, 'upper right', 2),
  (53, 'upper right', 3),
  (54, 'upper right', 4),
  (55, 'upper right', 5),
  (61, 'upper left', 1),
  (62, 'upper left', 2),
  (63, 'upper left', 3),
  (64, 'upper left', 4),
  (65, 'upper left', 5),
  (71, 'lower left', 1),
  (72, 'lower left', 2),
  (73, 'lower left', 3),
  (74, 'lower left', 4),
  (75, 'lower left', 5),
  (81, 'lower right', 1),
  (82, 'lower right', 2),
  (83, 'lower right', 3),
  (84, 'lower right', 4),
  (85, 'lower right', 5);
--> statement-breakpoint
-- A visit note may be on several teeth, each with the surfaces worked on (M, O, D, B, L as one
-- string, 'OM'). evolutions.tooth_id stays the first tooth, for the single toothID SPEC writes.
CREATE TABLE `evolution_teeth` (
	`evolution_id` integer NOT NULL,
	`tooth_id` integer NOT NULL,
	`surfaces` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`evolution_id`, `tooth_id`),
	FOREIGN KEY (`evolution_id`) REFERENCES `evolutions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tooth_id`) REFERENCES `teeth`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `evolution_teeth` (`evolution_id`, `tooth_id`)
  SELECT `id`, `tooth_id` FROM `evolutions` WHERE `tooth_id` IS NOT NULL;
--> statement-breakpoint
-- The clinical history kept current: clinical_histories holds the latest answers, and every version
-- (the first included) is kept here with who wrote it and when; `answers` is their JSON.
CREATE TABLE `clinical_history_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`version` integer NOT NULL,
	`answers` text NOT NULL,
	`author_user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clinical_history_versions_patient_uq` ON `clinical_history_versions` (`patient_id`,`version`);
--> statement-breakpoint
-- The histories written before: their first version, author unknown.
INSERT INTO `clinical_history_versions` (`patient_id`, `version`, `answers`, `created_at`)
  SELECT `patient_id`, 1, json_object(
    'b_smoker', json(CASE WHEN `b_smoker` THEN 'true' ELSE 'false' END),
    'b_useDrugs', json(CASE WHEN `b_use_drugs` THEN 'true' ELSE 'false' END),
    'b_pregnant', json(CASE WHEN `b_pregnant` THEN 'true' ELSE 'false' END),
    'b_takeMedicine', json(CASE WHEN `b_take_medicine` THEN 'true' ELSE 'false' END),
    'b_sufferedFromIllness', json(CASE WHEN `b_suffered_from_illness` THEN 'true' ELSE 'false' END),
    'b_alergicToMedicine', json(CASE WHEN `b_alergic_to_medicine` THEN 'true' ELSE 'false' END),
    'b_normalWoundHealing', json(CASE WHEN `b_normal_wound_healing` THEN 'true' ELSE 'false' END),
    'b_other', `b_other`,
    'ic_anginaPectoris', json(CASE WHEN `ic_angina_pectoris` THEN 'true' ELSE 'false' END),
    'ic_myocardialInfarction', json(CASE WHEN `ic_myocardial_infarction` THEN 'true' ELSE 'false' END),
    'ic_hypertension', json(CASE WHEN `ic_hypertension` THEN 'true' ELSE 'false' END),
    'ic_vascularAffections', json(CASE WHEN `ic_vascular_affections` THEN 'true' ELSE 'false' END),
    'ic_other', `ic_other`,
    'ih_anemia', json(CASE WHEN `ih_anemia` THEN 'true' ELSE 'false' END),
    'ih_leukemia', json(CASE WHEN `ih_leukemia` THEN 'true' ELSE 'false' END),
    'ih_haemophilia', json(CASE WHEN `ih_haemophilia` THEN 'true' ELSE 'false' END),
    'ih_alterationWhiteSerie', json(CASE WHEN `ih_alteration_white_serie` THEN 'true' ELSE 'false' END),
    'ih_other', `ih_other`,
    'ir_asthma', json(CASE WHEN `ir_asthma` THEN 'true' ELSE 'false' END),
    'ir_pulmonaryEdema', json(CASE WHEN `ir_pulmonary_edema` THEN 'true' ELSE 'false' END),
    'ir_ephysemia', json(CASE WHEN `ir_ephysemia` THEN 'true' ELSE 'false' END),
    'ir_tuberculosis', json(CASE WHEN `ir_tuberculosis` THEN 'true' ELSE 'false' END),
    'ir_chronicBronchitis', json(CASE WHEN `ir_chronic_bronchitis` THEN 'true' ELSE 'false' END),
    'ir_other', `ir_other`,
    'ig_ulcer', json(CASE WHEN `ig_ulcer` THEN 'true' ELSE 'false' END),
    'ig_hepatitis', json(CASE WHEN `ig_hepatitis` THEN 'true' ELSE 'false' END),
    'ig_cirrohsis', json(CASE WHEN `ig_cirrohsis` THEN 'true' ELSE 'false' END),
    'ig_other', `ig_other`,
    'in_epilepsy', json(CASE WHEN `in_epilepsy` THEN 'true' ELSE 'false' END),
    'in_useOfTranquilizers', json(CASE WHEN `in_use_of_tranquilizers` THEN 'true' ELSE 'false' END),
    'in_seizures', json(CASE WHEN `in_seizures` THEN 'true' ELSE 'false' END),
    'in_other', `in_other`,
    'ib_osteoporosis', json(CASE WHEN `ib_osteoporosis` THEN 'true' ELSE 'false' END),
    'ib_paget', json(CASE WHEN `ib_paget` THEN 'true' ELSE 'false' END),
    'ib_rickets', json(CASE WHEN `ib_rickets` THEN 'true' ELSE 'false' END),
    'ib_osteomalacia', json(CASE WHEN `ib_osteomalacia` THEN 'true' ELSE 'false' END),
    'ib_other', `ib_other`
  ), `created_at` FROM `clinical_histories`;
--> statement-breakpoint
-- The access log shows one row per screen a person opened: each request names its screen view
-- (the app's X-Screen-View header: the screen's path and a random id), and the log groups by it.
ALTER TABLE `audit_log` ADD COLUMN `view` text;
