import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signIn, signUpPatient, workdays } from '../../../test/helpers';
import { MSG } from '../../contract/messages';

// A patient asks only for a start the free slots offer: a request between two slots (9:15) would
// hold both of them.

const workday = workdays();

beforeAll(seed);

describe('a patient asks for an offered start only', { timeout: 30_000 }, () => {
  test('a time between two offered slots is 422 and books nothing; an offered one is 201', async () => {
    // mutation tried: without the isOfferedStart check in patientRequest, 9.25 answers 201
    const { email, password } = await signUpPatient('offered');
    const token = await signIn(email, password);
    const date = workday();
    const before = await (await call(`/api/turns/free?date=${date}`, { token })).json<{ slots: number[] }>();
    expect(before.slots).toContain(9);
    expect(before.slots).toContain(9.5);
    for (const time of [9.25, 9.1, 13.75]) {
      const res = await call('/api/turns', { token, body: { date, time } });
      expect(res.status, String(time)).toBe(422);
      const body = await res.json<{ errors: Record<string, { msg: string }> }>();
      expect(body.errors.time?.msg).toBe(MSG.offeredStartsOnly);
    }
    const after = await (await call(`/api/turns/free?date=${date}`, { token })).json<{ slots: number[] }>();
    expect(after.slots).toEqual(before.slots);
    const offered = await call('/api/turns', { token, body: { date, time: 9.5 } });
    expect(offered.status).toBe(201);
  });
});
