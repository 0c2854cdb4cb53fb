-- A refund gives money back; it does not put that money back on the patient's bill. paid_cents now
-- adds up a budget's payments only (refunds are listed beside them, not taken off), so a budget paid
-- in full and then refunded, in part or whole, stays paid. Budgets refunded before this change are
-- brought in step; nothing else moves.
UPDATE `budgets`
SET `paid_cents` = (
  SELECT coalesce(sum(`amount_cents`), 0) FROM `budget_payments`
  WHERE `budget_id` = `budgets`.`id` AND `kind` = 'payment'
)
WHERE EXISTS (SELECT 1 FROM `budget_payments` WHERE `budget_id` = `budgets`.`id` AND `kind` = 'refund');

UPDATE `budgets`
SET `paid` = (`paid_cents` > 0 AND `paid_cents` >= `total_cents`),
  `checkout_cents` = CASE WHEN `paid_cents` >= `total_cents` THEN NULL ELSE `checkout_cents` END
WHERE EXISTS (SELECT 1 FROM `budget_payments` WHERE `budget_id` = `budgets`.`id` AND `kind` = 'refund');
