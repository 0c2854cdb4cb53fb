import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { auditWritten, call, ORIGIN, seed, signInMedic, signInPatient } from '../../test/helpers';
import type { AuditEntry } from './access-log';
import { queue } from './queue';

// The access log leaves the read's path: a read sends its entry to a queue and answers once the
// queue has taken it; the same worker's consumer writes the entries, each once.

beforeAll(seed);
afterEach(() => vi.restoreAllMocks());

const logRows = async (requestId: string) =>
  (
    await env.DB.prepare(
      'select action, user_id as userId, status, patient_ids as ids from audit_log where request_id = ?',
    )
      .bind(requestId)
      .all<{ action: string; userId: number; status: number; ids: string | null }>()
  ).results;

const queueOf = () => env.AUDIT_QUEUE as NonNullable<typeof env.AUDIT_QUEUE>;

describe('the access-log queue', () => {
  test("a read is answered once the queue has its entry, and the consumer writes it with the answer's patients", async () => {
    const medic = await signInMedic();
    const res = await SELF.fetch(`${ORIGIN}/api/patients?limit=5`, {
      headers: { authorization: `Bearer ${medic}`, origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    const shown = (await res.json<{ ID: number }[]>()).map((p) => p.ID);
    const requestId = res.headers.get('x-audit-queued');
    expect(requestId).toBe(res.headers.get('x-request-id'));
    await auditWritten(requestId ?? '');
    const [row, ...more] = await logRows(requestId ?? '');
    expect(more).toEqual([]);
    expect(row).toMatchObject({ action: 'read patients', userId: 1, status: 200 });
    expect(JSON.parse(row?.ids ?? '[]')).toEqual(shown);
  });

  test('when the queue refuses the entry, the read answers 503 and shows nothing', async () => {
    const medic = await signInMedic();
    const send = vi.spyOn(queueOf(), 'send').mockRejectedValue(new Error('queue is full'));
    for (const path of ['/api/patients/1', '/api/patients?limit=5', '/api/evolutions?PatientID=1']) {
      const res = await call(path, { token: medic });
      expect(res.status, path).toBe(503);
      const body = await res.text();
      expect(body, path).toContain('The access log is not available right now');
      expect(body, path).not.toContain('Simpson');
      expect(body, path).not.toContain('"ID"');
      expect(res.headers.get('x-total-count'), path).toBeNull();
    }
    expect(send).toHaveBeenCalledTimes(3);
  });

  test('a batch delivered twice writes one row per read', async () => {
    const at = new Date().toISOString();
    const entry = (n: number): AuditEntry => ({
      requestId: `redelivery-${n}-${at}`,
      at,
      userId: 1,
      action: 'read patients',
      patientId: null,
      patientIds: '[1,2]',
      route: 'GET /api/patients',
      status: 200,
    });
    const messages = [entry(1), entry(2), entry(3)].map((body, i) => ({
      id: `m${i}`,
      timestamp: new Date(),
      attempts: 1,
      body,
    }));
    for (let delivery = 0; delivery < 2; delivery++) {
      const batch = createMessageBatch<AuditEntry>('clinic-audit', messages);
      const ctx = createExecutionContext();
      await queue(batch, env, ctx);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks.length + (result.ackAll ? messages.length : 0)).toBe(messages.length);
    }
    for (const n of [1, 2, 3]) expect(await logRows(entry(n).requestId)).toHaveLength(1);
    // the list's patients are indexed once per row, not once per delivery
    const indexed = await env.DB.prepare(
      'select count(*) as n from audit_log_patients where audit_id in (select id from audit_log where request_id like ?)',
    )
      .bind(`redelivery-%-${at}`)
      .first<{ n: number }>();
    expect(indexed?.n).toBe(6);
  });

  test("a medic's read appears in the patient's access log", async () => {
    const medic = await signInMedic();
    const patient = await signInPatient();
    const me = await (await call('/api/me', { token: patient })).json<{ patientID: number }>();
    const read = await call(`/api/patients/${me.patientID}`, { token: medic });
    expect(read.status).toBe(200);
    // it went through the queue (call waited for the consumer to write it)
    const requestId = read.headers.get('x-audit-queued');
    expect(requestId).toBeTruthy();
    const log = await call(`/api/patients/${me.patientID}/access-log?limit=5`, { token: patient });
    expect(log.status).toBe(200);
    const rows = await log.json<{ action: string; by: { kind: string; name: string } }[]>();
    expect(rows[0]).toMatchObject({
      action: "opened the patient's details",
      by: { kind: 'medic', name: 'Gregory House' },
    });
  });
});

describe('the session check', () => {
  test('a session ended elsewhere is refused on its very next read', async () => {
    const phone = await signInMedic();
    const laptop = await signInMedic();
    expect((await call('/api/patients/1', { token: phone })).status).toBe(200);
    const list = await (await call('/api/sessions', { token: laptop })).json<
      { id: string; current: boolean }[]
    >();
    const others = list.filter((s) => !s.current);
    expect(others.length).toBeGreaterThan(0);
    expect((await call('/api/sessions', { method: 'DELETE', token: laptop })).status).toBe(200);
    const res = await call('/api/patients/1', { token: phone });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain('Simpson');
    // the ending session's own sign-out, too
    expect((await call('/api/logout', { method: 'POST', token: laptop })).status).toBe(200);
    expect((await call('/api/patients?limit=5', { token: laptop })).status).toBe(401);
  });

  test('a read does not write the session: its idle-time refresh goes after the answer, once every few minutes', async () => {
    const medic = await signInMedic();
    const seen = () =>
      env.DB.prepare('select max(last_seen_at) as at from sessions')
        .first<{ at: number }>()
        .then((r) => r?.at ?? 0);
    const before = await seen();
    expect((await call('/api/patients/1', { token: medic })).status).toBe(200);
    // within the first few minutes, nothing is refreshed
    expect(await seen()).toBe(before);
  });
});
