-- The file a local mail carried (a budget's quote PDF): its name and its bytes as base64, so
-- `GET /api/dev/outbox` shows what the patient would have received.
ALTER TABLE outbox ADD COLUMN attachment_name text;
ALTER TABLE outbox ADD COLUMN attachment text;
