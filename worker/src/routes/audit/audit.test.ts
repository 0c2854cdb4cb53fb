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

describe('audit log of clinical data (DESIGN §7.5)', () => {
  test('records who read which patient, the route, the time and the result', async () => {
    const before = (await trailOf(1)).length;
    // the medic reads the demo patient's record, then the patient reads their own
    expect((await call('/api/patients/1', { token: await signInMedic() })).status).toBe(200);
    expect((await call('/api/patients/1', { token: await signInPatient() })).status).toBe(200);
    const trail = await trailOf(1);
    expect(trail.length).toBe(before + 2);
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
