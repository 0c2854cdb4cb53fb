import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  addPatient,
  call,
  DEMO_ZONE,
  seed,
  signInMedic,
  signInPatient,
  workdays,
} from '../../../test/helpers';
import { replyLinks } from '../../auth/turn-reply';
import type { Turn } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import { localDate, localHours } from '../../contract/turns';
import { turnMail } from '../../services/turn-mail';

let medic: string;
let patient: string;
let otherPatientId: number;
const workday = workdays();
const ORIGIN = 'http://localhost:8787';
const HTML = { accept: 'text/html' };

/** A turn inserted as it stands: `hoursAhead` from now in the clinic's zone, accepted by the medic. */
async function turnIn(hoursAhead: number): Promise<Turn> {
  const at = new Date(Date.now() + hoursAhead * 3_600_000);
  const date = localDate(at, DEMO_ZONE);
  const time = Math.floor(localHours(at, DEMO_ZONE) * 4) / 4;
  const row = await env.DB.prepare(
    `insert into turns (date, time, duration, description, medic_accepts, patient_accepts, medic_id, patient_id)
     values (?, ?, 0.25, 'Check-up', 1, 0, 1, ?) returning id`,
  )
    .bind(date, time, otherPatientId)
    .first<{ id: number }>();
  return { ID: row?.id ?? 0, date, time } as Turn;
}

async function bookFar(): Promise<Turn> {
  const res = await call('/api/turns', {
    token: medic,
    body: { date: workday(), time: 9, duration: 0.5, description: 'Cleaning', PatientID: otherPatientId },
  });
  expect(res.status).toBe(201);
  return res.json<Turn>();
}

const path = (url: string) => url.slice(ORIGIN.length);

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  otherPatientId = await addPatient(medic, {
    name: 'Moe',
    lastName: 'Szyslak',
    document: '46000001',
    email: 'moe.replies@clinic.test',
    cellphone: '1155550801',
    telephone: '1145550801',
    birth: '1960-01-01',
  });
});

describe('Confirm and Cancel from the reminder', () => {
  test('the reminder mail carries both links', async () => {
    const turn = await bookFar();
    const reply = await replyLinks(env, turn, ORIGIN);
    const mail = turnMail('reminder', {
      to: 'moe.replies@clinic.test',
      patientName: 'Moe',
      turn,
      clinic: { name: 'Demo Clinic', street: '', number: '', city: '' },
      appointmentsUrl: `${ORIGIN}/home/appointment`,
      reply,
    });
    expect(mail.text).toContain(reply.confirmUrl);
    expect(mail.text).toContain(reply.cancelUrl);
  });

  test('Confirm: the link only shows a button; its POST confirms once; the turn answers patientConfirmed', async () => {
    const turn = await bookFar();
    const { confirmUrl } = await replyLinks(env, turn, ORIGIN);
    const page = await call(path(confirmUrl), { headers: HTML });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(MSG.replyConfirmButton);
    const before = await (await call(`/api/turns/search?ID=${otherPatientId}`, { token: medic })).json<
      Turn[]
    >();
    expect(before.find((t) => t.ID === turn.ID)?.patientConfirmed).toBe(false);

    const done = await call(path(confirmUrl), { method: 'POST', headers: HTML });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(MSG.replyConfirmed);
    const after = await (await call(`/api/turns/search?ID=${otherPatientId}`, { token: medic })).json<
      Turn[]
    >();
    expect(after.find((t) => t.ID === turn.ID)?.patientConfirmed).toBe(true);
    // Single use: the same link again is refused, its page too.
    expect((await call(path(confirmUrl), { method: 'POST' })).status).toBe(404);
    expect((await call(path(confirmUrl), { headers: HTML })).status).toBe(404);
  });

  test('a forged or another action’s token is refused', async () => {
    const turn = await bookFar();
    const { confirmUrl, cancelUrl } = await replyLinks(env, turn, ORIGIN);
    const confirmToken = new URL(confirmUrl).searchParams.get('token') ?? '';
    expect((await call(`/api/replies/cancel?token=${confirmToken}`, { method: 'POST' })).status).toBe(404);
    expect(
      (await call(`/api/replies/confirm?token=${turn.ID}.${'A'.repeat(43)}`, { method: 'POST' })).status,
    ).toBe(404);
    expect((await call('/api/replies/confirm?token=nonsense')).status).toBe(404);
    // The turn is still there.
    expect((await call(path(cancelUrl), { headers: HTML })).status).toBe(200);
  });

  test('Cancel: the turn is deleted once, a cancellation record is left and the start is freed', async () => {
    const turn = await bookFar();
    const { cancelUrl } = await replyLinks(env, turn, ORIGIN);
    const page = await call(path(cancelUrl), { headers: HTML });
    expect(await page.text()).toContain(MSG.replyCancelButton);
    const done = await call(path(cancelUrl), { method: 'POST', headers: HTML });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(MSG.replyCancelled);
    expect(await env.DB.prepare('select id from turns where id = ?').bind(turn.ID).first()).toBeNull();
    const record = await env.DB.prepare('select * from turn_cancellations where turn_id = ?')
      .bind(turn.ID)
      .first<{ cancelled_by: string; late: number; hours_ahead: number }>();
    expect(record).toMatchObject({ cancelled_by: 'link', late: 0 });
    expect(record?.hours_ahead).toBeGreaterThan(24);
    const freed = await env.DB.prepare('select status from freed_slots where date = ? and time = ?')
      .bind(turn.date, turn.time)
      .first<{ status: string }>();
    expect(freed?.status).toBe('pending');
    expect((await call(path(cancelUrl), { method: 'POST' })).status).toBe(404);
  });

  test('Cancel keeps the 24-hour rule: an accepted turn within 24 hours stays, the page says so', async () => {
    const turn = await turnIn(3);
    const { cancelUrl } = await replyLinks(env, turn, ORIGIN);
    const page = await call(path(cancelUrl), { headers: HTML });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('24 hours');
    expect(text).not.toContain(MSG.replyCancelButton);
    const refused = await call(path(cancelUrl), { method: 'POST' });
    expect(refused.status).toBe(409);
    expect((await refused.json<{ msg: string }>()).msg).toBe(MSG.cancelNotice);
    expect(await env.DB.prepare('select id from turns where id = ?').bind(turn.ID).first()).not.toBeNull();
  });
});

describe('PUT /api/turns/{id}/outcome', () => {
  test('only for a started turn: attended or no-show; 409 before it starts', async () => {
    const started = await turnIn(-2);
    let res = await call(`/api/turns/${started.ID}/outcome`, {
      token: medic,
      method: 'PUT',
      body: { outcome: 'no-show' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ID: started.ID, outcome: 'no-show' });
    res = await call(`/api/turns/${started.ID}/outcome`, {
      token: medic,
      method: 'PUT',
      body: { outcome: 'attended' },
    });
    expect((await res.json<Turn>()).outcome).toBe('attended');

    const future = await bookFar();
    expect(future.outcome).toBeNull();
    res = await call(`/api/turns/${future.ID}/outcome`, {
      token: medic,
      method: 'PUT',
      body: { outcome: 'attended' },
    });
    expect(res.status).toBe(409);
    expect((await res.json<{ msg: string }>()).msg).toBe(MSG.outcomeBeforeStart);

    res = await call(`/api/turns/${started.ID}/outcome`, {
      token: medic,
      method: 'PUT',
      body: { outcome: 'late' },
    });
    expect(res.status).toBe(422);
    res = await call(`/api/turns/${started.ID}/outcome`, {
      token: patient,
      method: 'PUT',
      body: { outcome: 'attended' },
    });
    expect(res.status).toBe(403);
    res = await call('/api/turns/99999999/outcome', {
      token: medic,
      method: 'PUT',
      body: { outcome: 'attended' },
    });
    expect(res.status).toBe(404);
  });

  test("a medic's cancellation leaves a record: who, how many hours ahead, not late", async () => {
    const turn = await bookFar();
    expect((await call(`/api/turns/delete/${turn.ID}`, { token: medic, method: 'DELETE' })).status).toBe(200);
    const record = await env.DB.prepare('select * from turn_cancellations where turn_id = ?')
      .bind(turn.ID)
      .first<{ cancelled_by: string; late: number; by_user_id: number | null }>();
    expect(record).toMatchObject({ cancelled_by: 'medic', late: 0 });
    expect(record?.by_user_id).not.toBeNull();
    // The turn has left every list.
    const list = await (await call(`/api/turns/search?ID=${otherPatientId}`, { token: medic })).json<
      Turn[]
    >();
    expect(list.some((t) => t.ID === turn.ID)).toBe(false);
  });
});
