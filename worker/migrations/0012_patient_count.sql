-- How many patients the clinic has, kept in step by triggers, so the patient list without a
-- search (the medic's home page) answers its full count from one row instead of counting every
-- patient (100,000 rows read per page in the bench).
CREATE TABLE `patient_count` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`n` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `patient_count` (`id`, `n`) VALUES (1, (SELECT count(*) FROM `patients`));
--> statement-breakpoint
CREATE TRIGGER `patient_count_insert` AFTER INSERT ON `patients` BEGIN
  UPDATE `patient_count` SET `n` = `n` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `patient_count_delete` AFTER DELETE ON `patients` BEGIN
  UPDATE `patient_count` SET `n` = `n` - 1 WHERE `id` = 1;
END;
