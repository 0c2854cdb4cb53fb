import type { Context } from 'hono';
import { assertPatientAccess } from '../../auth/access';
import { ownPatientId } from '../../auth/caller';
import type { BudgetDetails } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { getBudget } from './budgets.repo';

/**
 * Budget `id` as the caller may see it: a medic sees every budget, a patient only their own, and
 * someone else's is the same 404 as a missing one. The request's access-log entry names the
 * budget's patient either way, so a refused look at a budget shows in that patient's own log.
 */
export async function budgetForCaller(c: Context<Env>, id: number): Promise<BudgetDetails> {
  const budget = await getBudget(c.get('db'), id, null);
  c.set('auditPatientId', budget.PatientID);
  const own = ownPatientId(c.get('user'));
  if (own !== null && own !== budget.PatientID) throw new AppError('not_found', MSG.budgetNotFound);
  assertPatientAccess(c, budget.PatientID);
  return budget;
}
