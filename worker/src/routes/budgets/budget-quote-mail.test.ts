import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInMedic, signInPatient } from '../../../test/helpers';
import type { BudgetDetails } from '../../contract/answers';
import { MSG } from '../../contract/messages';

// "Send by mail": the summary's quote PDF goes to the patient attached, with the link to pay; the
// local outbox keeps the file.

let medic: string;
let patient: string;
const DEMO_PATIENT_ID = 1;
const PDF = btoa('%PDF-1.3\nquote\n%%EOF\n');

const outboxCount = async () =>
  (await env.DB.prepare('select count(*) as n from outbox').first<{ n: number }>())?.n ?? 0;

async function newBudget(): Promise<BudgetDetails> {
  const res = await call('/api/Budgets', {
    token: medic,
    body: { PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0201', quantity: 1 }], validUntil: '2030-01-31' },
  });
  expect(res.status).toBe(201);
  return res.json<BudgetDetails>();
}

const mailQuote = (id: number, body: object, token = medic) =>
  call(`/api/Budgets/${id}/quote-mail`, { token, body });

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
});

describe('mail a quote', () => {
  test('the patient gets the PDF attached and the link to pay; the access log has it', async () => {
    const budget = await newBudget();
    const res = await mailQuote(budget.ID, { pdf: PDF });
    expect(res.status).toBe(200);
    const { to } = await res.json<{ to: string }>();
    expect(to).toBe('patient@clinic.test');
    const mail = await env.DB.prepare('select * from outbox where "to" = ? order by id desc limit 1')
      .bind(to)
      .first<{ subject: string; body: string; attachment_name: string; attachment: string }>();
    expect(mail?.subject).toContain(`Your quote ${budget.ID}`);
    expect(mail?.body).toContain('/home/payments');
    expect(mail?.body).toContain('It holds until Thursday, January 31, 2030.');
    expect(mail?.attachment_name).toBe(`Quote ${budget.ID}.pdf`);
    expect(atob(mail?.attachment ?? '')).toMatch(/^%PDF-/);
    const audit = await env.DB.prepare(
      "select count(*) as n from audit_log where action = 'mail budget quote' and patient_id = ?",
    )
      .bind(DEMO_PATIENT_ID)
      .first<{ n: number }>();
    expect(audit?.n).toBeGreaterThan(0);
  });

  test('anything but a PDF is refused and nothing is mailed', async () => {
    const budget = await newBudget();
    const before = await outboxCount();
    for (const pdf of [btoa('<html>not a pdf</html>'), 'JVBERi0 not base64!', 42, '']) {
      const res = await mailQuote(budget.ID, { pdf });
      expect(res.status).toBe(422);
    }
    const big = await mailQuote(budget.ID, { pdf: `JVBERi0${'A'.repeat(850_000)}` });
    expect(big.status).toBe(422);
    expect(await outboxCount()).toBe(before);
  });

  test('a voided budget is not quoted, a missing one is 404, and a patient cannot send', async () => {
    const budget = await newBudget();
    expect(
      (await call(`/api/Budgets/${budget.ID}/void`, { token: medic, body: { reason: 'Wrong lines' } }))
        .status,
    ).toBe(200);
    const voided = await mailQuote(budget.ID, { pdf: PDF });
    expect(voided.status).toBe(409);
    expect((await voided.json<{ msg: string }>()).msg).toBe(MSG.budgetVoided);
    expect((await mailQuote(999_999, { pdf: PDF })).status).toBe(404);
    expect((await mailQuote((await newBudget()).ID, { pdf: PDF }, patient)).status).toBe(403);
  });

  test('a quote of a budget paid in part says what is left; of a paid one, that nothing is', async () => {
    const lastMail = () =>
      env.DB.prepare(
        'select body from outbox where "to" = \'patient@clinic.test\' order by id desc limit 1',
      ).first<{
        body: string;
      }>();
    const budget = await newBudget();
    await call(`/api/Budgets/${budget.ID}/payments`, { token: medic, body: { amount: 100, method: 'cash' } });
    expect((await mailQuote(budget.ID, { pdf: PDF })).status).toBe(200);
    const part = ((await lastMail())?.body ?? '').replaceAll('\u00a0', ' ');
    expect(part).toContain('You have paid ARS 100.00; ARS 4,400.00 is left to pay.');
    expect(part).toContain('/home/payments');
    await call(`/api/Budgets/${budget.ID}/payments`, { token: medic, body: { method: 'card' } });
    expect((await mailQuote(budget.ID, { pdf: PDF })).status).toBe(200);
    const paid = ((await lastMail())?.body ?? '').replaceAll('\u00a0', ' ');
    expect(paid).toContain('It is paid in full (ARS 4,500.00): nothing is left to pay.');
    expect(paid).not.toContain('To pay it online');
  });

  test('?validate=true runs the checks and mails nothing', async () => {
    const budget = await newBudget();
    const before = await outboxCount();
    const dry = await call(`/api/Budgets/${budget.ID}/quote-mail?validate=true`, {
      token: medic,
      body: { pdf: PDF },
    });
    expect(await dry.json()).toEqual({ errors: {} });
    expect(
      (await call('/api/Budgets/999999/quote-mail?validate=true', { token: medic, body: { pdf: PDF } }))
        .status,
    ).toBe(404);
    await call(`/api/Budgets/${budget.ID}/void`, { token: medic, body: { reason: 'Wrong lines' } });
    expect(
      (await call(`/api/Budgets/${budget.ID}/quote-mail?validate=true`, { token: medic, body: { pdf: PDF } }))
        .status,
    ).toBe(409);
    expect(await outboxCount()).toBe(before);
  });
});
