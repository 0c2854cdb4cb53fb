-- A write sent again after its answer was lost (a network blip) carries the same Idempotency-Key
-- and gets the first answer back instead of being done twice. One row per signed-in user, method,
-- path and key: `status` 0 while the first request is under way, then its 2xx answer. Rows older
-- than a day are deleted by the scheduled run.
CREATE TABLE `idempotency_keys` (
  `id` text PRIMARY KEY NOT NULL,
  `status` integer NOT NULL,
  `body` text NOT NULL,
  `etag` text,
  `created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);
