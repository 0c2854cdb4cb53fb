import { beforeAll, describe, expect, test } from 'vitest';
import { addPatient, call, seed, signInMedic, signInPatient, workdays } from '../../../test/helpers';
import type { Turn } from '../../contract/answers';
import type { LiveNotice } from '../../contract/live';
import { MSG } from '../../contract/messages';

let medic: string;
let patient: string;
let nedId: number;

const workday = workdays();

const PATIENT = {
  name: 'Ned',
  lastName: 'Flanders',
  document: '30999111',
  email: 'ned.live@clinic.test',
  cellphone: '1155550999',
  telephone: '1145550999',
  birth: '1960-01-01',
};

/** A screen's socket on `from`..`to`, with every message it receives in order. */
async function openScreen(token: string, from: string, to: string) {
  const res = await call(`/api/turns/live?from=${from}&to=${to}`, {
    token,
    headers: { upgrade: 'websocket' },
  });
  expect(res.status).toBe(101);
  const socket = res.webSocket;
  if (!socket) throw new Error('no WebSocket in the answer');
  socket.accept();
  const received: (LiveNotice | { watching: unknown })[] = [];
  const raw: string[] = [];
  let wake = () => {};
  socket.addEventListener('message', (event) => {
    raw.push(String(event.data));
    received.push(JSON.parse(String(event.data)) as LiveNotice | { watching: unknown });
    wake();
  });
  /** The next notice this screen receives (in order). */
  const next = async (): Promise<void> => {
    const seen = received.length;
    while (received.length === seen) await new Promise<void>((resolve) => (wake = resolve));
  };
  let read = 0;
  return {
    socket,
    raw,
    /** The notice after the last one taken. */
    take: async (): Promise<unknown> => {
      while (received.length <= read) await next();
      return received[read++];
    },
    send: (message: unknown) => socket.send(JSON.stringify(message)),
  };
}

async function book(date: string, time: number, description = 'Cleaning'): Promise<Turn> {
  const res = await call('/api/turns', {
    token: medic,
    body: { date, time, duration: 0.5, description, PatientID: nedId },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<Turn>();
}

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  nedId = await addPatient(medic, PATIENT);
});

describe('GET /api/turns/live', () => {
  test('an upgrade without a session is 401, and a plain GET asks for a WebSocket (426)', async () => {
    const date = workday();
    const anonymous = await call(`/api/turns/live?from=${date}&to=${date}`, {
      headers: { upgrade: 'websocket' },
    });
    expect(anonymous.status).toBe(401);
    const plain = await call(`/api/turns/live?from=${date}&to=${date}`, { token: medic });
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ error: 'upgrade_required', msg: MSG.liveNeedsWebSocket });
  });

  test('a page on another site cannot open one, and a range over 62 days is refused', async () => {
    const date = workday();
    const foreign = await call(`/api/turns/live?from=${date}&to=${date}`, {
      token: medic,
      headers: { upgrade: 'websocket', origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const wide = await call('/api/turns/live?from=2030-01-01&to=2030-03-15', {
      token: medic,
      headers: { upgrade: 'websocket' },
    });
    expect(wide.status).toBe(422);
  });

  test("a booking reaches the screens showing its date, as dates and IDs only; a patient's screen gets dates", async () => {
    const day = workday();
    const otherDay = workday();
    const medicScreen = await openScreen(medic, day, day);
    const elsewhere = await openScreen(medic, otherDay, otherDay);
    const patientScreen = await openScreen(patient, day, day);

    const turn = await book(day, 9);
    expect(await medicScreen.take()).toEqual({ dates: [day], ids: [turn.ID] });
    // The patient learns that a slot changed on that day, never whose turn it is.
    expect(await patientScreen.take()).toEqual({ dates: [day], ids: [] });

    // The screen on another day hears of the next booking on its day, and of nothing before it.
    const later = await book(otherDay, 10);
    expect(await elsewhere.take()).toEqual({ dates: [otherDay], ids: [later.ID] });

    // No notice names the patient: no name, document or email anywhere in what was sent, and no
    // field but the dates and the turn IDs.
    for (const message of [...medicScreen.raw, ...patientScreen.raw, ...elsewhere.raw]) {
      for (const secret of [PATIENT.name, PATIENT.lastName, PATIENT.document, PATIENT.email]) {
        expect(message).not.toContain(secret);
      }
      expect(Object.keys(JSON.parse(message)).sort()).toEqual(['dates', 'ids']);
    }
    for (const screen of [medicScreen, elsewhere, patientScreen]) screen.socket.close();
  });

  test('a move names both dates, a cancel its date; a screen that moved on hears of its new dates', async () => {
    const from = workday();
    const to = workday();
    const screen = await openScreen(medic, from, to);
    const turn = await book(from, 11);
    expect(await screen.take()).toEqual({ dates: [from], ids: [turn.ID] });

    const moved = await call(`/api/turns/move/${turn.ID}`, {
      method: 'PUT',
      token: medic,
      body: { date: to, time: 11 },
    });
    expect(moved.status).toBe(200);
    expect(await screen.take()).toEqual({ dates: [from, to], ids: [turn.ID] });

    // The screen now shows only the new date (the object says so); a booking on the old one is not
    // sent to it, the cancel on the new one is.
    screen.send({ watch: { from: to, to } });
    expect(await screen.take()).toEqual({ watching: { from: to, to } });
    await book(from, 14);
    const cancelled = await call(`/api/turns/delete/${turn.ID}`, { method: 'DELETE', token: medic });
    expect(cancelled.status).toBe(200);
    expect(await screen.take()).toEqual({ dates: [to], ids: [turn.ID] });
    screen.socket.close();
  });

  test('a paid consultation (its turn accepted for the patient) reaches the screens of its date', async () => {
    const day = workday();
    const screen = await openScreen(medic, day, day);
    const turn = await book(day, 15, 'First visit #consult');
    expect(await screen.take()).toEqual({ dates: [day], ids: [turn.ID] });
    const paid = await call('/api/Budgets', {
      method: 'PUT',
      token: medic,
      body: { ID: turn.budgetID, paid: true },
    });
    expect(paid.status).toBe(200);
    expect(await screen.take()).toEqual({ dates: [day], ids: [turn.ID] });
    screen.socket.close();
  });
});
