import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, type ErrorBody, newMedicRecord, seed, signIn, signInMedic } from '../../../test/helpers';
import type { Evolution } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import { openD1 } from '../../db/client';
import { forgetOldIdempotencyKeys, IDEMPOTENCY_KEEP_MS } from './idempotent';

// A form saved again after a network blip lost its answer sends the same Idempotency-Key: the
// write is done once and the second request gets the first one's answer.

let medic: string;
let sameMedic: string;
let otherMedic: string;

const note = (observations: string) => ({
  date: '2026-03-02',
  observations,
  PatientID: 1,
  TreatmentID: '0201',
  toothID: 36,
});
const notesNamed = async (observations: string): Promise<number> =>
  (
    await env.DB.prepare('select count(*) as n from evolutions where observations = ?')
      .bind(observations)
      .first<{ n: number }>()
  )?.n ?? 0;
const save = (observations: string, key: string, token = medic) =>
  call('/api/evolutions', { token, body: note(observations), headers: { 'idempotency-key': key } });

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  sameMedic = await signInMedic();
  const record = newMedicRecord('31222999', 'other.medic.idempotency@clinic.test');
  expect((await call('/api/medics', { token: medic, body: record })).status).toBe(201);
  otherMedic = await signIn(record.infoUser.email, record.infoUser.password);
});

describe('Idempotency-Key', () => {
  test('the same key sent again answers the first answer and writes once', async () => {
    const first = await save('Blip once', 'key-blip-once-1');
    expect(first.status).toBe(201);
    const again = await save('Blip once', 'key-blip-once-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json<Evolution>()).ID).toBe((await first.json<Evolution>()).ID);
    expect(await notesNamed('Blip once')).toBe(1);
  });

  test('another key, or no key, is another write', async () => {
    expect((await save('Two notes', 'key-two-notes-1')).status).toBe(201);
    expect((await save('Two notes', 'key-two-notes-2')).status).toBe(201);
    expect((await call('/api/evolutions', { token: medic, body: note('Two notes') })).status).toBe(201);
    expect(await notesNamed('Two notes')).toBe(3);
  });

  test("a refused first request gives the key back; a key is its user's, in any of their sessions", async () => {
    const refused = await call('/api/evolutions', {
      token: medic,
      body: { ...note('After a refusal'), TreatmentID: 'nope' },
      headers: { 'idempotency-key': 'key-refused-1' },
    });
    expect(refused.status).toBe(422);
    expect((await save('After a refusal', 'key-refused-1')).status).toBe(201);
    const sameUser = await save('After a refusal', 'key-refused-1', sameMedic);
    expect(sameUser.headers.get('idempotent-replayed')).toBe('true');
    expect(await notesNamed('After a refusal')).toBe(1);
    // another medic's same key is theirs: never the first medic's answer
    const stranger = await save('After a refusal', 'key-refused-1', otherMedic);
    expect(stranger.status).toBe(201);
    expect(stranger.headers.get('idempotent-replayed')).toBeNull();
    expect(await notesNamed('After a refusal')).toBe(2);
  });

  test('a malformed key is 400 and writes nothing; old keys are forgotten', async () => {
    const bad = await save('Bad key', 'no spaces allowed');
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).msg).toBe(MSG.idempotencyKeyInvalid);
    expect(await notesNamed('Bad key')).toBe(0);
    const count = async () =>
      (await env.DB.prepare('select count(*) as n from idempotency_keys').first<{ n: number }>())?.n ?? 0;
    expect(await count()).toBeGreaterThan(0);
    await forgetOldIdempotencyKeys(openD1(env.DB), new Date(Date.now() + IDEMPOTENCY_KEEP_MS + 60_000));
    expect(await count()).toBe(0);
  });
});
