import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signIn, signInMedic, signInPatient } from '../../../test/helpers';

beforeAll(seed);

interface AuditRow {
  userId: number | null;
  action: string;
  patientId: number | null;
  route: string;
  status: number;
  at: string;
}

async function trailOf(patientId: number): Promise<AuditRow[]> {
  const res = await call(`/api/patients/${patientId}/audit`, { token: await signInMedic() });
  expect(res.status).toBe(200);
  return res.json<AuditRow[]>();
}

describe('audit log of clinical data', () => {
  test('records who read which patient, the route, the time and the result', async () => {
    const before = (await trailOf(1)).length;
    // the medic reads the demo patient's record, then the patient reads their own
    expect((await call('/api/patients/1', { token: await signInMedic() })).status).toBe(200);
    expect((await call('/api/patients/1', { token: await signInPatient() })).status).toBe(200);
    const trail = await trailOf(1);
    // the two reads, and the first reading of the trail itself (written once it had answered)
    expect(trail.length).toBe(before + 3);
    const [byPatient, byMedic] = trail; // newest first
    expect(byMedic).toMatchObject({
      userId: 1,
      action: 'read patient',
      patientId: 1,
      route: 'GET /api/patients/1',
      status: 200,
    });
    expect(byPatient).toMatchObject({ userId: 2, patientId: 1, status: 200 });
    expect(Date.parse(byMedic?.at ?? '')).not.toBeNaN();
  });

  test("a patient guessing another patient's record gets 404, and the attempt is recorded", async () => {
    // a second patient signs up
    const email = 'curious@clinic.test';
    await call('/api/patients', {
      body: {
        infoUser: {
          email,
          password: 'Curious2026',
          confirmPassword: 'Curious2026',
          name: 'Milhouse',
          lastName: 'Houten',
          document: '47000001',
          birth: '1995-01-01',
        },
        infoPatient: { obraSocial: '7' },
      },
    });
    const token = await signIn(email, 'Curious2026');
    const res = await call('/api/patients/1', { token });
    expect(res.status).toBe(404);
    const [last] = await trailOf(1);
    expect(last).toMatchObject({ action: 'read patient', patientId: 1, status: 404 });
    expect(last?.userId).not.toBe(1);
  });

  test('only medics read the audit trail', async () => {
    expect((await call('/api/patients/1/audit', { token: await signInPatient() })).status).toBe(403);
  });
});

describe('the audit log is append-only in the database', () => {
  test('an UPDATE or DELETE of an audit row is refused, and the row stays as written', async () => {
    await call('/api/patients/1', { token: await signInMedic() });
    const row = await env.DB.prepare(
      'select id, action, status from audit_log order by id desc limit 1',
    ).first<{
      id: number;
      action: string;
      status: number;
    }>();
    expect(row).not.toBeNull();
    await expect(
      env.DB.prepare('update audit_log set status = 200, action = ? where id = ?')
        .bind('nothing', row?.id)
        .run(),
    ).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare('delete from audit_log where id = ?').bind(row?.id).run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare('delete from audit_log').run()).rejects.toThrow(/append-only/);
    const after = await env.DB.prepare('select id, action, status from audit_log where id = ?')
      .bind(row?.id)
      .first();
    expect(after).toEqual(row);
    // inserting still works
    const before =
      (await env.DB.prepare('select count(*) as n from audit_log').first<{ n: number }>())?.n ?? 0;
    await call('/api/patients/1', { token: await signInMedic() });
    const now = (await env.DB.prepare('select count(*) as n from audit_log').first<{ n: number }>())?.n ?? 0;
    expect(now).toBe(before + 1);
  });
});

interface AccessRow {
  ID: number;
  at: string;
  action: string;
  route: string | null;
  status: number;
  result: string;
  by: { kind: string; name: string };
}

describe('GET /api/patients/{id}/access-log', () => {
  test("a patient reads their own log: medics by name, their own visits as 'You', no routes", async () => {
    const medic = await signInMedic();
    const patient = await signInPatient();
    const me = await (await call('/api/me', { token: patient })).json<{ patientID: number }>();
    expect((await call(`/api/patients/${me.patientID}`, { token: medic })).status).toBe(200);
    const res = await call(`/api/patients/${me.patientID}/access-log`, { token: patient });
    expect(res.status).toBe(200);
    const rows = await res.json<AccessRow[]>();
    expect(Number(res.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(rows.length);
    const medicRow = rows.find((r) => r.by.kind === 'medic');
    expect(medicRow).toMatchObject({ action: "opened the patient's details", result: 'Done', route: null });
    expect(medicRow?.by.name).toBe('Gregory House');
    expect(rows.some((r) => r.by.kind === 'you' && r.by.name === 'You')).toBe(true);
    const ids = await env.DB.prepare('select id from audit_log where patient_id = ?')
      .bind(me.patientID)
      .all<{ id: number }>();
    const own = new Set(ids.results.map((r) => r.id));
    for (const row of rows) expect(own.has(row.ID)).toBe(true);
    // another patient's attempt (recorded in the first test) shows, but never who it was
    const strangers = rows.filter((r) => r.by.kind === 'other');
    for (const row of strangers) expect(row.by.name).toMatch(/^(Someone else|Not signed in)$/);
    expect(JSON.stringify(rows)).not.toContain('Milhouse');
  });

  test("another patient's ID answers 404 and shows nothing; the medic sees everyone", async () => {
    const token = await signIn('curious@clinic.test', 'Curious2026');
    const res = await call('/api/patients/1/access-log', { token });
    expect(res.status).toBe(404);
    expect(JSON.stringify(await res.json())).not.toContain('read patient');
    const asMedic = await call('/api/patients/1/access-log?limit=200', { token: await signInMedic() });
    const rows = await asMedic.json<AccessRow[]>();
    expect(rows.some((r) => r.by.kind === 'patient' && r.by.name === 'Milhouse Houten')).toBe(true);
    expect(rows[0]?.route).toMatch(/^GET \/api\//);
  });

  test('reads of the access log are audited, and it is paged', async () => {
    const medic = await signInMedic();
    const before = await trailOf(1);
    const page = await call('/api/patients/1/access-log?limit=2&offset=1', { token: medic });
    expect(page.status).toBe(200);
    const rows = await page.json<AccessRow[]>();
    expect(rows).toHaveLength(2);
    const after = await trailOf(1);
    expect(after[0]).toMatchObject({ action: 'read access log', userId: 1, patientId: 1, status: 200 });
    expect(after.length).toBeGreaterThan(before.length);
    const total = Number(page.headers.get('X-Total-Count'));
    expect(total).toBeGreaterThanOrEqual(before.length);
  });
});
