-- A trigram index over each user's lower-cased "name lastname", document and email: a substring
-- search of three characters or more (the budgets search, the calendar's patient picker) reads
-- the matching users from it instead of every user (worker/src/db/like.ts, userContains).
-- External content: the text stays in users; the triggers keep the index in step with it.
CREATE VIRTUAL TABLE `users_search` USING fts5(search_name, document, email, content='users', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `users_search`(`users_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_search`(rowid, search_name, document, email) VALUES (new.id, new.search_name, new.document, new.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `users_search`(`users_search`, rowid, search_name, document, email) VALUES ('delete', old.id, old.search_name, old.document, old.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF search_name, document, email ON `users` BEGIN
  INSERT INTO `users_search`(`users_search`, rowid, search_name, document, email) VALUES ('delete', old.id, old.search_name, old.document, old.email);
  INSERT INTO `users_search`(rowid, search_name, document, email) VALUES (new.id, new.search_name, new.document, new.email);
END;
