-- A study may be a link to where it is kept (a lab's portal): an https address, stored as given and
-- never fetched by the server. A study has a file in R2 (file_key) or a link, or neither.
ALTER TABLE studies ADD COLUMN link text;
