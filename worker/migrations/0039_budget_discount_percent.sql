-- A discount given in percent keeps its percent, so a change of the budget's lines prices it again
-- as that share of the new total (discount_cents is the amount it came to). Null: an amount, or none.
ALTER TABLE `budgets` ADD `discount_percent` real;
