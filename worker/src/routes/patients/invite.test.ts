import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { addPatient, call, seed, signIn, signInMedic } from '../../../test/helpers';
import { MSG } from '../../contract/messages';

let medic: string;

const mailsTo = async (to: string) =>
  (
    await env.DB.prepare('select subject, body from outbox where "to" = ? order by id')
      .bind(to)
      .all<{ subject: string; body: string }>()
  ).results;

const reupdate = (body: Record<string, unknown>) => call('/api/password/reupdate', { method: 'PUT', body });

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
});

describe('a patient registered at the desk', () => {
  test('is mailed an invitation to set a password, single-use like a reset', async () => {
    const email = 'marge.invited@clinic.test';
    await addPatient(medic, {
      name: 'Marge',
      lastName: 'Simpson',
      document: '30111666',
      email,
      cellphone: '1155550112',
      telephone: '1145550112',
      birth: '1958-03-19',
    });
    // the invitation goes out after the answer
    await expect.poll(() => mailsTo(email).then((m) => m.length), { timeout: 5000 }).toBe(1);
    const mails = await mailsTo(email);
    expect(mails[0]?.subject).toBe('Your account at Demo Clinic: set your password');
    const link = /\/newPassword#token=([^\s]+)/.exec(mails[0]?.body ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    // it lasts a week, not the half hour of a reset
    const row = await env.DB.prepare(
      'select expires_at from password_resets where email = ? and used_at is null',
    )
      .bind(email)
      .first<{ expires_at: number }>();
    expect((row?.expires_at ?? 0) - Date.now()).toBeGreaterThan(6 * 24 * 3_600_000);

    const set = await reupdate({ email, password: 'Marge2026', confirmPassword: 'Marge2026', token });
    expect(set.status).toBe(200);
    expect(await signIn(email, 'Marge2026')).toBeTruthy();
    const again = await reupdate({ email, password: 'Again2026', confirmPassword: 'Again2026', token });
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ msg: MSG.errorUpdatingPassword });
  });
});
