import { beforeAll, describe, expect, test } from 'vitest';
import { addPatient, call, seed, signInMedic, workdays } from '../../test/helpers';
import type { Evolution, Turn } from '../contract/answers';

/** Lists that can grow take `q`: the turns (by patient or description) and a patient's visit notes. */

let medic: string;
let penaId: number;
let otherId: number;
const workday = workdays();

const person = (name: string, lastName: string, document: string) => ({
  name,
  lastName,
  document,
  email: `${document}@clinic.test`,
  cellphone: '1155550000',
  telephone: '1145550000',
  birth: '1980-01-01',
});

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  penaId = await addPatient(medic, person('Lucía', 'Peña', '38111222'));
  otherId = await addPatient(medic, person('Homer', 'Simpson', '38111333'));
});

describe('q on the lists that can grow', () => {
  test("turns: 'pena' finds Peña's turns, digits her document, words the description; the count follows", async () => {
    const date = workday();
    const book = (PatientID: number, time: number, description: string) =>
      call('/api/turns', { token: medic, body: { date, time, duration: 0.5, description, PatientID } });
    expect((await book(penaId, 9, 'Cleaning')).status).toBe(201);
    expect((await book(otherId, 10, 'Root canal')).status).toBe(201);
    const search = async (q: string) => {
      const res = await call(`/api/turns?from=${date}&to=${date}&q=${encodeURIComponent(q)}`, {
        token: medic,
      });
      expect(res.status).toBe(200);
      const rows = await res.json<Turn[]>();
      expect(Number(res.headers.get('X-Total-Count'))).toBe(rows.length);
      return rows.map((t) => t.PatientID);
    };
    expect(await search('pena')).toEqual([penaId]);
    expect(await search('38111222')).toEqual([penaId]);
    expect(await search('root')).toEqual([otherId]);
    expect(await search('')).toEqual([penaId, otherId]);
    expect(await search('zzzz')).toEqual([]);
  });

  test("evolutions: q finds a patient's notes by their words or their treatment's name", async () => {
    const note = (observations: string, TreatmentID: string) =>
      call('/api/evolutions', {
        token: medic,
        body: { date: '2026-03-02', observations, PatientID: penaId, TreatmentID, toothID: 36 },
      });
    expect((await note('Composite filling, occlusal surface', '0201')).status).toBe(201);
    expect((await note('Check-up, nothing to do', '0101')).status).toBe(201);
    const search = async (q: string) => {
      const res = await call(`/api/evolutions?PatientID=${penaId}&q=${encodeURIComponent(q)}`, {
        token: medic,
      });
      expect(res.status).toBe(200);
      const rows = await res.json<Evolution[]>();
      expect(Number(res.headers.get('X-Total-Count'))).toBe(rows.length);
      return rows.map((e) => e.observations);
    };
    expect(await search('occlusal')).toEqual(['Composite filling, occlusal surface']);
    expect(await search('CHECK')).toEqual(['Check-up, nothing to do']);
    expect(await search('zzz')).toEqual([]);
    expect(await search('')).toHaveLength(2);
  });
});
