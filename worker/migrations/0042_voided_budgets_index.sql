-- A voided budget is not money owed: the unpaid budgets' count (the list's paid=false without a
-- search) takes the voided ones off the unpaid count the triggers keep (migration 0010). They are
-- few, and this partial index holds only them, so counting them reads a handful of index entries.
CREATE INDEX `budgets_voided_idx` ON `budgets` (`paid`) WHERE `voided_at` IS NOT NULL;
