import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signIn, signUpPatient, workdays } from '../../../test/helpers';
import { MSG } from '../../contract/messages';
import { SESSION_ENDED_CODE, SOCKETS_PER_SESSION } from './clinic-live';

// A live agenda's socket must not outlive the session that opened it, and one session cannot hold
// hundreds of them.

const workday = workdays();

beforeAll(seed);

/** Opens a live agenda with `token`; answers the socket and the close code it will get. */
async function openScreen(token: string): Promise<{ socket: WebSocket; closed: Promise<number> }> {
  const date = workday();
  const res = await call(`/api/turns/live?from=${date}&to=${date}`, {
    token,
    headers: { upgrade: 'websocket' },
  });
  expect(res.status).toBe(101);
  const socket = res.webSocket;
  if (!socket) throw new Error('no WebSocket in the answer');
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (e) => resolve(e.code)));
  socket.accept();
  return { socket, closed };
}

/** Whether `closed` settles within a moment (a socket left open never does). */
const closesSoon = (closed: Promise<number>): Promise<number | 'open'> =>
  Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 500))]);

describe('live agenda sockets and their session', { timeout: 30_000 }, () => {
  test('signing out closes the sockets that session opened, and only those', async () => {
    // mutation tried: without closeLiveSockets in endSession the socket stays open after sign-out
    const { email, password } = await signUpPatient('livebye');
    const token = await signIn(email, password);
    const other = await signIn(email, password);
    const mine = await openScreen(token);
    const kept = await openScreen(other);
    expect((await call('/api/logout', { method: 'POST', token })).status).toBe(200);
    expect(await closesSoon(mine.closed)).toBe(SESSION_ENDED_CODE);
    expect(await closesSoon(kept.closed)).toBe('open');
    kept.socket.close();
  });

  test("signing out everywhere closes the other sessions' sockets and keeps this one's", async () => {
    const { email, password } = await signUpPatient('liveall');
    const stolen = await signIn(email, password);
    const owner = await signIn(email, password);
    const theirs = await openScreen(stolen);
    const mine = await openScreen(owner);
    expect((await call('/api/sessions', { method: 'DELETE', token: owner })).status).toBe(200);
    expect(await closesSoon(theirs.closed)).toBe(SESSION_ENDED_CODE);
    expect(await closesSoon(mine.closed)).toBe('open');
    mine.socket.close();
  });

  test("changing the password closes every socket of the account's sessions", async () => {
    const { email, password } = await signUpPatient('livepw');
    const token = await signIn(email, password);
    const screen = await openScreen(token);
    const res = await call('/api/password/update', {
      method: 'PUT',
      token,
      body: { email, currentPassword: password, newPassword: 'Changed2026', confirmPassword: 'Changed2026' },
    });
    expect(res.status).toBe(200);
    expect(await closesSoon(screen.closed)).toBe(SESSION_ENDED_CODE);
  });

  test(`one session holds at most ${SOCKETS_PER_SESSION} sockets; the next is 429`, async () => {
    // mutation tried: without the cap in ClinicLive.fetch the eleventh opens (101)
    const { email, password } = await signUpPatient('livecap');
    const token = await signIn(email, password);
    const screens = [];
    for (let i = 0; i < SOCKETS_PER_SESSION; i++) screens.push(await openScreen(token));
    const date = workday();
    const refused = await call(`/api/turns/live?from=${date}&to=${date}`, {
      token,
      headers: { upgrade: 'websocket' },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ msg: MSG.tooManyLiveAgendas });
    // another session of the same account has its own
    const other = await openScreen(await signIn(email, password));
    other.socket.close();
    // signing out frees them all
    expect((await call('/api/logout', { method: 'POST', token })).status).toBe(200);
    for (const s of screens) expect(await closesSoon(s.closed)).toBe(SESSION_ENDED_CODE);
  });
});
