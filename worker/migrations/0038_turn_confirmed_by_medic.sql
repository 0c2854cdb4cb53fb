-- Who confirmed a turn for its patient: the medic who recorded 'phone' or 'desk' (confirmed_by).
-- Null when the patient accepted themselves, or nobody has yet; cleared with confirmed_by on a move.
ALTER TABLE `turns` ADD `confirmed_by_medic_id` integer;
