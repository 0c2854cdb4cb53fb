import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { assertPatientAccess, readerOf } from '../../auth/access';
import { ownPatientId } from '../../auth/caller';
import type { Budget, BudgetDetails } from '../../contract/answers';
import {
  BudgetDetailsSchema,
  BudgetSchema,
  PatientCreditSchema,
  QuoteMailedSchema,
} from '../../contract/answers';
import {
  type BudgetCreate,
  BudgetCreateSchema,
  BudgetEditSchema,
  BudgetsQuerySchema,
  BudgetUpdateSchema,
  BudgetVoidSchema,
  DeskPaymentSchema,
  QuoteMailSchema,
  RefundSchema,
  refundBackWay,
} from '../../contract/budgets';
import { longDate } from '../../contract/dates';
import { MSG } from '../../contract/messages';
import { formatMoney, toCents } from '../../contract/money';
import { IdParamSchema } from '../../contract/validation';
import { findClinic } from '../../db/clinics.repo';
import type { Env } from '../../env';
import { isLocal } from '../../env';
import { CSV_MAX_ROWS, type CsvColumn, csvAnswer, toCsv } from '../../lib/csv';
import { AppError, invalid } from '../../lib/errors';
import { assertFresh, versioned } from '../../lib/etag';
import { appOrigin } from '../../lib/http';
import { csv, json, route, STALE } from '../../lib/route';
import { setTotal } from '../../lib/total';
import {
  checkBody,
  dryRun,
  dryRunnable,
  dryRunPassed,
  jsonBody,
  paramsOf,
  queryOf,
} from '../../lib/validate';
import { announceTurns } from '../../services/live/announce';
import { mailConfigured, requireMail, sendMail } from '../../services/mail';
import { assertMayExport, exportFileName } from '../reports/export';
import { paidConsultationNotice, patientContact } from '../turns/turns.repo';
import { budgetForCaller } from './budget-access';
import { createBudget, priceBudget } from './budget-lines.repo';
import {
  addPayment,
  addRefund,
  assertPayable,
  assertRefundable,
  assertVoidable,
  editBudget,
  pricedEdit,
  useCredit,
  voidBudget,
} from './budget-money.repo';
import { updateBudget } from './budget-payment.repo';
import { listBudgets } from './budget-search.repo';
import { creditsOf, getBudget } from './budgets.repo';
import { refundOnCard } from './card-refund';
import { assertQuoteHolds, createBudgetWithLink } from './payment-link';

/** The budgets list as a CSV file: amounts in currency units. */
const BUDGET_CSV: CsvColumn<Budget>[] = [
  ['ID', (b) => b.ID],
  ['Date', (b) => b.creationDate.slice(0, 10)],
  ['Patient', (b) => b.patientFullName],
  ['Document', (b) => b.patientDocument],
  ['Treatments', (b) => b.treatments.map((t) => t.treatmentType).join('; ')],
  ['Total', (b) => b.totalPrice],
  ['Paid amount', (b) => b.paidAmount],
  ['Balance', (b) => b.balance],
  ['Status', (b) => b.status],
  ['Valid until', (b) => b.validUntil],
];

/** `?validate=true`: every check of a new budget (`priceBudget`), nothing written. */
const checkOnly = createMiddleware<Env>(async (c, next) => {
  if (!dryRun(c)) return next();
  // the body as jsonBody validated it (its output: lines parsed, amounts in units)
  const input = c.req.valid('json' as never) as BudgetCreate;
  await priceBudget(c.get('db'), input);
  if (input.withPaymentLink) await assertQuoteHolds(c.get('db'), input.validUntil);
  return c.json({ errors: {} }, 200);
});

/**
 * Tells the patient where a refund went (their card, or a credit for the next budget). A refund is
 * recorded whether or not the mail can go: a deployment without mail logs it instead.
 */
async function mailRefund(c: Context<Env>, budget: BudgetDetails, refundId: number): Promise<void> {
  const refund = budget.payments.find((p) => p.ID === refundId);
  const patient = await patientContact(c.get('db'), budget.PatientID);
  if (!refund || !patient) return;
  if (!mailConfigured(c.env) && !isLocal(c.env)) {
    console.error(`refund ${refundId} of budget ${budget.ID}: no mail configured, the patient was not told`);
    return;
  }
  const money = formatMoney(refund.amount, budget.currency);
  const paidWith = budget.payments.find((p) => p.ID === refund.refundOf)?.method ?? 'card';
  const where =
    refund.method === 'credit'
      ? 'It is kept as a credit on your account: your next budget uses it first.'
      : (refundBackWay(paidWith)?.mail ?? '');
  await sendMail(c.get('db'), c.env, {
    to: patient.email,
    subject: `Refund of ${money} on budget ${budget.ID}`,
    text: `Hello ${patient.name},\n\nWe refunded ${money} of your payment on budget ${budget.ID}. ${where}\n\nReason: ${refund.reason ?? ''}\n`,
  });
}

/**
 * /Budgets: medics build and settle budgets; a patient reads their own (the portal's Payments). A
 * patient's own ID limits every read; a medic's reads are not limited (null).
 */
export const budgetsRoutes = new Hono<Env>()
  .get(
    '/',
    route({
      // Budgets and payments: clinical data, audited. A patient reads and pays only their own.
      who: 'owner',
      audit: 'read budgets',
      summary: 'Budgets',
      success: [
        json(200, v.array(BudgetSchema), 'A page of budgets.', true),
        csv('every budget the filters find (medics only)'),
      ],
    }),
    queryOf(BudgetsQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      if (query.format === 'csv') {
        assertMayExport(c);
        // Every budget the filters find (up to the export's cap), logged like the page.
        const all = { ...query, limit: CSV_MAX_ROWS, offset: 0 };
        const { rows } = await listBudgets(c.get('db'), all, null, readerOf(c));
        return csvAnswer(c, await exportFileName(c, 'budgets'), toCsv(BUDGET_CSV, rows));
      }
      const patientId = ownPatientId(c.get('user'));
      if (patientId !== null) assertPatientAccess(c, patientId);
      // The page, its count and its access-log row (the page's patients) go as one batch.
      const page = await listBudgets(c.get('db'), c.req.valid('query'), patientId, readerOf(c));
      setTotal(c, page);
      return c.json(page.rows, 200);
    },
  )
  .get(
    '/credit',
    route({
      who: 'patient',
      audit: 'read own credit',
      summary: 'My credit',
      description:
        "The signed-in patient's credit (refunds kept as a credit for the next budget, less what budgets used), per currency: the portal shows it beside the budgets.",
      success: [json(200, PatientCreditSchema, 'One entry per currency with credit; empty when none.')],
    }),
    async (c) => {
      const patientId = ownPatientId(c.get('user'));
      if (patientId === null) throw new AppError('forbidden', MSG.forbidden);
      c.set('auditPatientId', patientId);
      return c.json(await creditsOf(c.get('db'), patientId), 200);
    },
  )
  .get(
    '/:id',
    route({
      who: 'owner',
      audit: 'read budget',
      summary: 'A budget',
      success: [json(200, BudgetDetailsSchema, 'The budget with its patient.')],
    }),
    paramsOf(IdParamSchema),
    async (c) => {
      // Someone else's budget is the same 404 as a missing one (its patient still named in the log).
      const budget = await budgetForCaller(c, c.req.valid('param').id);
      return c.json(versioned(c, budget), 200);
    },
  )
  .post(
    '/',
    route({
      who: 'medic',
      audit: 'create budget',
      summary: 'Create a budget',
      description: 'With `withPaymentLink`, the budget and its payment link in one call, or nothing.',
      success: [json(201, BudgetDetailsSchema, 'Created.')],
      errors: {
        404: 'No such patient or treatment.',
        409: "With `withPaymentLink`, a quote whose validUntil is before the clinic's today: nothing was written.",
        503: 'The payment service failed: nothing was written.',
      },
    }),
    jsonBody(BudgetCreateSchema, { handlerChecks: true }),
    checkOnly,
    async (c) => {
      const { withPaymentLink, ...input } = c.req.valid('json');
      c.set('auditPatientId', input.PatientID);
      const db = c.get('db');
      // An expired quote gets no payment link, so it is refused before anything is written.
      if (withPaymentLink) await assertQuoteHolds(db, input.validUntil);
      // The builder asks for the budget and its payment link in one call that does all or nothing.
      const created = await createBudget(db, input);
      // The patient's credit (a refunded payment kept for the next budget) pays what it can first.
      await useCredit(db, created.ID, created.PatientID);
      const budget = withPaymentLink
        ? await createBudgetWithLink(db, c.env, created, appOrigin(c))
        : await getBudget(db, created.ID, null);
      return c.json(budget, 201);
    },
  )
  .put(
    '/',
    route({
      who: 'medic',
      audit: 'update budget',
      summary: 'Store the payment link, mark paid, or change a pending budget',
      description:
        '`paid: true` records a desk payment of the balance (`method`: cash, card or transfer). With `treatments` (and no `paid`) the pending budget is changed: its lines with a `toothID` each, `discount` or `discountPercent`, `validUntil`; refused once a payment was recorded.',
      success: [json(200, BudgetDetailsSchema, 'The budget.')],
      errors: { 412: STALE, 404: 'No such budget.', 409: 'The budget has payments, or was voided.' },
    }),
    jsonBody(BudgetUpdateSchema, { handlerChecks: true }),
    async (c) => {
      const { ID, treatments, method, ...change } = c.req.valid('json');
      const db = c.get('db');
      // The stored budget, read once whichever checks ask for it (If-Match, then the branch below).
      let stored: ReturnType<typeof getBudget> | undefined;
      const storedBudget = () => {
        stored ??= getBudget(db, ID, null);
        return stored;
      };
      await assertFresh(c, storedBudget);
      // Marking paid wins over everything else the listed budget carries (SPEC sends it whole).
      if (change.paid) {
        const before = await storedBudget();
        c.set('auditPatientId', before.PatientID);
        if (dryRun(c)) throw dryRunPassed();
        if (!before.paid)
          await addPayment(db, ID, { amountCents: null, method, byUserId: c.get('user')?.id ?? null });
        if (change.linkPayment !== undefined || change.idPayment !== undefined) {
          await updateBudget(db, ID, { linkPayment: change.linkPayment, idPayment: change.idPayment });
        }
        await announceTurns(c, () => paidConsultationNotice(db, ID));
        return c.json(versioned(c, await getBudget(db, ID, null)), 200);
      }
      if (treatments !== undefined) {
        const edit = checkBody(c, BudgetEditSchema, await c.req.json(), { handlerChecks: true });
        if (edit instanceof Response) return edit as never;
        const before = await storedBudget();
        c.set('auditPatientId', before.PatientID);
        if (dryRun(c)) {
          await pricedEdit(db, edit);
          throw dryRunPassed();
        }
        const edited = await editBudget(db, edit);
        return c.json(versioned(c, edited), 200);
      }
      if (dryRun(c)) {
        c.set('auditPatientId', (await storedBudget()).PatientID);
        throw dryRunPassed();
      }
      const budget = await updateBudget(db, ID, change);
      c.set('auditPatientId', budget.PatientID);
      return c.json(versioned(c, budget), 200);
    },
  )
  .post(
    '/:id/void',
    route({
      who: 'medic',
      audit: 'void budget',
      summary: 'Void a budget nobody has paid',
      success: [json(200, BudgetDetailsSchema, 'The voided budget.')],
      errors: { 404: 'No such budget.', 409: 'It has payments, or was already voided.' },
    }),
    paramsOf(IdParamSchema),
    jsonBody(BudgetVoidSchema, { handlerChecks: true }),
    async (c) => {
      const db = c.get('db');
      const id = c.req.valid('param').id;
      c.set('auditPatientId', (await getBudget(db, id, null)).PatientID);
      if (dryRun(c)) {
        await assertVoidable(db, id);
        throw dryRunPassed();
      }
      return c.json(await voidBudget(db, id, c.req.valid('json').reason), 200);
    },
  )
  .post(
    '/:id/payments',
    route({
      who: 'medic',
      audit: 'record payment',
      summary: 'Record a payment at the desk',
      description: '`amount` (the balance when absent) and `method`: cash, card or transfer.',
      success: [json(201, BudgetDetailsSchema, 'The budget with the payment.')],
      errors: { 404: 'No such budget.', 409: 'More than the balance, already paid, or voided.' },
    }),
    paramsOf(IdParamSchema),
    jsonBody(DeskPaymentSchema, { handlerChecks: true }),
    async (c) => {
      const db = c.get('db');
      const id = c.req.valid('param').id;
      const { amount, method } = c.req.valid('json');
      c.set('auditPatientId', (await getBudget(db, id, null)).PatientID);
      if (dryRun(c)) {
        await assertPayable(db, id, amount === undefined ? null : toCents(amount));
        throw dryRunPassed();
      }
      await addPayment(db, id, {
        amountCents: amount === undefined ? null : toCents(amount),
        method,
        byUserId: c.get('user')?.id ?? null,
      });
      await announceTurns(c, () => paidConsultationNotice(db, id));
      return c.json(await getBudget(db, id, null), 201);
    },
  )
  .post(
    '/:id/credit',
    route({
      who: 'medic',
      audit: 'use credit',
      summary: "Use the patient's credit",
      description:
        "Records a payment made with `credit` of the patient's credit in the budget's currency, as far as it goes and never more than the balance. Takes `?validate=true`.",
      success: [json(201, BudgetDetailsSchema, 'The budget with the payment.')],
      errors: {
        404: 'No such budget.',
        409: 'The patient has no credit, or the budget is paid or voided.',
      },
    }),
    paramsOf(IdParamSchema),
    dryRunnable(),
    async (c) => {
      const db = c.get('db');
      const id = c.req.valid('param').id;
      const budget = await getBudget(db, id, null);
      c.set('auditPatientId', budget.PatientID);
      if (budget.status === 'Voided') throw new AppError('conflict', MSG.budgetVoided);
      if (budget.paid) throw new AppError('conflict', MSG.budgetAlreadyPaid);
      if (budget.credit <= 0) throw new AppError('conflict', MSG.noCreditToUse);
      if (dryRun(c)) throw dryRunPassed();
      await useCredit(db, id, budget.PatientID);
      await announceTurns(c, () => paidConsultationNotice(db, id));
      return c.json(await getBudget(db, id, null), 201);
    },
  )
  .post(
    '/:id/refunds',
    route({
      who: 'medic',
      audit: 'refund payment',
      summary: 'Refund a payment',
      description:
        "Part (`amount`) or all of one payment (`paymentId`) with a `reason`, `to` the card or as a `credit` the patient's next budget uses. Never more than what is left of that payment. To the card, an online payment is refunded through Stripe's refund API.",
      success: [json(201, BudgetDetailsSchema, 'The budget with the refund.')],
      errors: {
        404: 'No such budget or payment.',
        409: 'More than what is left of the payment.',
        503: "Stripe did not refund an online payment's card: nothing was recorded.",
      },
    }),
    paramsOf(IdParamSchema),
    jsonBody(RefundSchema, { handlerChecks: true }),
    async (c) => {
      const db = c.get('db');
      const id = c.req.valid('param').id;
      const body = c.req.valid('json');
      const amountCents = body.amount === undefined ? null : toCents(body.amount);
      const before = await getBudget(db, id, null);
      c.set('auditPatientId', before.PatientID);
      // Money paid with credit goes back as credit: there is no card or cash to send it to.
      const paidWith = before.payments.find((p) => p.ID === body.paymentId)?.method;
      if (body.to === 'card' && paidWith && !refundBackWay(paidWith))
        throw invalid({ to: { msg: MSG.creditRefundAsCredit } });
      if (dryRun(c)) {
        assertRefundable(before, body.paymentId, amountCents);
        throw dryRunPassed();
      }
      const refundId = await addRefund(db, id, {
        paymentId: body.paymentId,
        amountCents,
        reason: body.reason,
        to: body.to,
        byUserId: c.get('user')?.id ?? 0,
      });
      if (body.to === 'card') await refundOnCard(c, id, refundId);
      const budget = await getBudget(db, id, null);
      await mailRefund(c, budget, refundId);
      return c.json(budget, 201);
    },
  )
  .post(
    '/:id/quote-mail',
    route({
      who: 'medic',
      audit: 'mail budget quote',
      summary: 'Mail the quote to the patient',
      description:
        "`pdf`: the quote as the summary drew it (base64, at most about 600 KB). The patient's account e-mail gets it attached, with the link to pay.",
      success: [json(200, QuoteMailedSchema, 'Where it was sent.')],
      errors: {
        404: 'No such budget.',
        409: 'The budget was voided, or the patient has no account e-mail.',
        503: 'Mail cannot be sent.',
      },
    }),
    paramsOf(IdParamSchema),
    jsonBody(QuoteMailSchema, { handlerChecks: true }),
    async (c) => {
      requireMail(c.env);
      const db = c.get('db');
      const budget = await getBudget(db, c.req.valid('param').id, null);
      c.set('auditPatientId', budget.PatientID);
      if (budget.status === 'Voided') throw new AppError('conflict', MSG.budgetVoided);
      const patient = await patientContact(db, budget.PatientID);
      if (!patient?.email) throw new AppError('conflict', MSG.quoteNoEmail);
      if (dryRun(c)) throw dryRunPassed();
      const clinic = await findClinic(db);
      const money = formatMoney(budget.totalPrice, budget.currency);
      // Written out with the weekday and the month, in the clinic's order, as the turn mails write dates.
      const holds = budget.validUntil
        ? ` It holds until ${longDate(budget.validUntil, clinic?.dateOrder)}.`
        : '';
      // What is left to pay, and where: the portal's Payments, where Pay makes a Checkout for the
      // balance (a stored link may be for a deposit or an older balance). A paid budget asks nothing.
      const currency = budget.currency;
      const toPay = budget.paid
        ? `It is paid in full (${money}): nothing is left to pay.`
        : `${budget.paidAmount > 0 ? `You have paid ${formatMoney(budget.paidAmount, currency)}; ${formatMoney(budget.balance, currency)} is left to pay.\n\n` : ''}To pay it online: ${appOrigin(c)}/home/payments\n\nYou can also pay at the clinic's desk.`;
      await sendMail(db, c.env, {
        to: patient.email,
        subject: `Your quote ${budget.ID} (${money})`,
        text: `Hello ${patient.name},\n\nYour quote ${budget.ID} for ${money} is attached.${holds}\n\n${toPay}\n`,
        attachment: {
          filename: `Quote ${budget.ID}.pdf`,
          type: 'application/pdf',
          base64: c.req.valid('json').pdf,
        },
      });
      return c.json({ to: patient.email }, 200);
    },
  );
