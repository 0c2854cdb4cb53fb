-- Person searches ignore accents and case: "pena" finds "Peña", "garcia lopez" finds "García López".
-- users.search_name (the "name lastname" that the name search, the budgets' copy of it and both
-- trigram indexes read) now holds the name folded: lower-cased and without accents (the worker
-- writes it with searchNameOf, contract/person.ts). The names already stored are folded here the
-- same way; the triggers of 0005, 0013 and 0014 carry the new value into users_search,
-- budgets.patient_name and budgets_search. SQLite has no function that removes accents, so the
-- fold is a chain of replace() in three steps of 16 letters (a longer chain overflows SQLite's
-- parser stack): src/db/fold.ts writes these expressions.
UPDATE `users` SET `search_name` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`search_name`), 'á', 'a'), 'à', 'a'), 'â', 'a'), 'ä', 'a'), 'ã', 'a'), 'é', 'e'), 'è', 'e'), 'ê', 'e'), 'ë', 'e'), 'í', 'i'), 'ì', 'i'), 'î', 'i'), 'ï', 'i'), 'ó', 'o'), 'ò', 'o'), 'ô', 'o') WHERE `search_name` <> replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`search_name`), 'á', 'a'), 'à', 'a'), 'â', 'a'), 'ä', 'a'), 'ã', 'a'), 'é', 'e'), 'è', 'e'), 'ê', 'e'), 'ë', 'e'), 'í', 'i'), 'ì', 'i'), 'î', 'i'), 'ï', 'i'), 'ó', 'o'), 'ò', 'o'), 'ô', 'o');
--> statement-breakpoint
UPDATE `users` SET `search_name` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`search_name`, 'ö', 'o'), 'õ', 'o'), 'ú', 'u'), 'ù', 'u'), 'û', 'u'), 'ü', 'u'), 'ñ', 'n'), 'ç', 'c'), 'Á', 'a'), 'À', 'a'), 'Â', 'a'), 'Ä', 'a'), 'Ã', 'a'), 'É', 'e'), 'È', 'e'), 'Ê', 'e') WHERE `search_name` <> replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`search_name`, 'ö', 'o'), 'õ', 'o'), 'ú', 'u'), 'ù', 'u'), 'û', 'u'), 'ü', 'u'), 'ñ', 'n'), 'ç', 'c'), 'Á', 'a'), 'À', 'a'), 'Â', 'a'), 'Ä', 'a'), 'Ã', 'a'), 'É', 'e'), 'È', 'e'), 'Ê', 'e');
--> statement-breakpoint
UPDATE `users` SET `search_name` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`search_name`, 'Ë', 'e'), 'Í', 'i'), 'Ì', 'i'), 'Î', 'i'), 'Ï', 'i'), 'Ó', 'o'), 'Ò', 'o'), 'Ô', 'o'), 'Ö', 'o'), 'Õ', 'o'), 'Ú', 'u'), 'Ù', 'u'), 'Û', 'u'), 'Ü', 'u'), 'Ñ', 'n'), 'Ç', 'c') WHERE `search_name` <> replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`search_name`, 'Ë', 'e'), 'Í', 'i'), 'Ì', 'i'), 'Î', 'i'), 'Ï', 'i'), 'Ó', 'o'), 'Ò', 'o'), 'Ô', 'o'), 'Ö', 'o'), 'Õ', 'o'), 'Ú', 'u'), 'Ù', 'u'), 'Û', 'u'), 'Ü', 'u'), 'Ñ', 'n'), 'Ç', 'c');
--> statement-breakpoint
-- The last name folded the same way, for the search by last name: it replaces lower(last_name)
-- in the two patient search indexes. SQLite computes the fold (last_name_folded, a generated
-- column in three steps) and the triggers copy it into search_last_name, a stored column, because
-- an index answers a query alone only with stored columns (a generated one is read from the row).
ALTER TABLE `users` ADD `last_name_fold1` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`last_name`), 'á', 'a'), 'à', 'a'), 'â', 'a'), 'ä', 'a'), 'ã', 'a'), 'é', 'e'), 'è', 'e'), 'ê', 'e'), 'ë', 'e'), 'í', 'i'), 'ì', 'i'), 'î', 'i'), 'ï', 'i'), 'ó', 'o'), 'ò', 'o'), 'ô', 'o')) VIRTUAL;
--> statement-breakpoint
ALTER TABLE `users` ADD `last_name_fold2` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`last_name_fold1`, 'ö', 'o'), 'õ', 'o'), 'ú', 'u'), 'ù', 'u'), 'û', 'u'), 'ü', 'u'), 'ñ', 'n'), 'ç', 'c'), 'Á', 'a'), 'À', 'a'), 'Â', 'a'), 'Ä', 'a'), 'Ã', 'a'), 'É', 'e'), 'È', 'e'), 'Ê', 'e')) VIRTUAL;
--> statement-breakpoint
ALTER TABLE `users` ADD `last_name_folded` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`last_name_fold2`, 'Ë', 'e'), 'Í', 'i'), 'Ì', 'i'), 'Î', 'i'), 'Ï', 'i'), 'Ó', 'o'), 'Ò', 'o'), 'Ô', 'o'), 'Ö', 'o'), 'Õ', 'o'), 'Ú', 'u'), 'Ù', 'u'), 'Û', 'u'), 'Ü', 'u'), 'Ñ', 'n'), 'Ç', 'c')) VIRTUAL;
--> statement-breakpoint
ALTER TABLE `users` ADD `search_last_name` text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE `users` SET `search_last_name` = `last_name_folded`;
--> statement-breakpoint
CREATE TRIGGER `users_search_last_name_insert` AFTER INSERT ON `users` BEGIN
  UPDATE `users` SET `search_last_name` = `last_name_folded` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_last_name_update` AFTER UPDATE OF `last_name` ON `users` BEGIN
  UPDATE `users` SET `search_last_name` = `last_name_folded` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
DROP INDEX `users_patient_search_idx`;
--> statement-breakpoint
DROP INDEX `users_patient_last_name_idx`;
--> statement-breakpoint
CREATE INDEX `users_patient_search_idx` ON `users` (`user_type`,`search_name`,`search_last_name`);
--> statement-breakpoint
CREATE INDEX `users_patient_last_name_idx` ON `users` (`user_type`,`search_last_name`,`search_name`);
--> statement-breakpoint
-- The price list's type and description folded the same way, for its search (a small table, read whole).
ALTER TABLE `treatments` ADD `search_text_fold1` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`treatment_type` || ' ' || `description`), 'á', 'a'), 'à', 'a'), 'â', 'a'), 'ä', 'a'), 'ã', 'a'), 'é', 'e'), 'è', 'e'), 'ê', 'e'), 'ë', 'e'), 'í', 'i'), 'ì', 'i'), 'î', 'i'), 'ï', 'i'), 'ó', 'o'), 'ò', 'o'), 'ô', 'o')) VIRTUAL;
--> statement-breakpoint
ALTER TABLE `treatments` ADD `search_text_fold2` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`search_text_fold1`, 'ö', 'o'), 'õ', 'o'), 'ú', 'u'), 'ù', 'u'), 'û', 'u'), 'ü', 'u'), 'ñ', 'n'), 'ç', 'c'), 'Á', 'a'), 'À', 'a'), 'Â', 'a'), 'Ä', 'a'), 'Ã', 'a'), 'É', 'e'), 'È', 'e'), 'Ê', 'e')) VIRTUAL;
--> statement-breakpoint
ALTER TABLE `treatments` ADD `search_text` text GENERATED ALWAYS AS (replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`search_text_fold2`, 'Ë', 'e'), 'Í', 'i'), 'Ì', 'i'), 'Î', 'i'), 'Ï', 'i'), 'Ó', 'o'), 'Ò', 'o'), 'Ô', 'o'), 'Ö', 'o'), 'Õ', 'o'), 'Ú', 'u'), 'Ù', 'u'), 'Û', 'u'), 'Ü', 'u'), 'Ñ', 'n'), 'Ç', 'c')) VIRTUAL;
