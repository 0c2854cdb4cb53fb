-- The front desk runs every medic's book.
-- How the patient's acceptance was given: 'patient' (their own Accept), or 'phone' / 'desk' when a
-- medic of the clinic confirmed it on the patient's behalf. NULL while the patient has not accepted.
ALTER TABLE turns ADD COLUMN confirmed_by text;
-- A turn left outside the office hours by a change of hours: 'kept' (the desk chose to keep it
-- there, marked) or 'needs-moving' (on the desk's list to move). NULL for a turn inside the hours.
ALTER TABLE turns ADD COLUMN hours_flag text;
-- The order people read dates in: 'mdy' (month/day/year, the default) or 'dmy' (day/month/year).
ALTER TABLE clinics ADD COLUMN date_order text NOT NULL DEFAULT 'mdy';
-- The iCalendar invitation a local mail carried (`GET /api/dev/outbox` shows it).
ALTER TABLE outbox ADD COLUMN calendar text;
