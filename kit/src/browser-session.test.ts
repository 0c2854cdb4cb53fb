import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

class MemoryStorage {
  private readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
}

const LOGIN = {
  token: 'secret-token',
  userType: 'Medic',
  name: 'Gregory',
  lastName: 'House',
  document: '20123456',
  email: 'medic@clinic.test',
};

function answer(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

async function loadModule(): Promise<typeof import('./browser-session')> {
  vi.resetModules();
  return import('./browser-session');
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session store', () => {
  test('signIn keeps the identity in $session and localStorage, never the token', async () => {
    const { $session, LOGIN_STORAGE_KEY, signIn } = await loadModule();
    answer(200, LOGIN);
    await signIn('medic@clinic.test', 'Medic2026');
    expect($session.get()).toMatchObject({ email: 'medic@clinic.test', userType: 'Medic' });
    const stored = localStorage.getItem(LOGIN_STORAGE_KEY) ?? '';
    expect(JSON.parse(stored)).toMatchObject({ email: 'medic@clinic.test' });
    expect(stored).not.toContain('secret-token');
  });

  test('loadSession answers null and clears the identity on 401', async () => {
    localStorage.setItem('clinic.login', JSON.stringify({ email: 'old@clinic.test' }));
    const { $session, $sessionStatus, loadSession } = await loadModule();
    expect($session.get()).toMatchObject({ email: 'old@clinic.test' });
    answer(401, { error: 'unauthorized', msg: 'Please sign in to continue.' });
    await expect(loadSession()).resolves.toBeNull();
    expect($session.get()).toBeNull();
    expect($sessionStatus.get()).toBe('signed-out');
    expect(localStorage.getItem('clinic.login')).toBeNull();
  });

  test('signOut forgets the identity even when the server cannot be reached', async () => {
    const { $session, signIn, signOut } = await loadModule();
    answer(200, LOGIN);
    await signIn('medic@clinic.test', 'Medic2026');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await signOut();
    expect($session.get()).toBeNull();
    expect(localStorage.getItem('clinic.login')).toBeNull();
  });

  test('clearStoredLogin empties the stored login (login page)', async () => {
    localStorage.setItem('clinic.login', JSON.stringify({ email: 'old@clinic.test' }));
    const { $session, clearStoredLogin } = await loadModule();
    clearStoredLogin();
    expect(localStorage.getItem('clinic.login')).toBeNull();
    expect($session.get()).toBeNull();
  });
});

describe('a session that ends mid-use', () => {
  async function signedIn(): Promise<typeof import('./browser-session') & { api: typeof import('./api') }> {
    const session = await loadModule();
    const api = await import('./api');
    answer(200, LOGIN);
    await session.signIn('medic@clinic.test', 'Medic2026');
    expect(session.$sessionStatus.get()).toBe('signed-in');
    return { ...session, api };
  }

  test('any request answering 401 clears the identity, so the home shell goes to /', async () => {
    const { $session, $sessionStatus, api } = await signedIn();
    answer(401, { error: 'unauthorized', msg: 'Please sign in to continue.' });
    await expect(api.answer(api.api.me.$get())).rejects.toMatchObject({ status: 401 });
    expect($session.get()).toBeNull();
    expect($sessionStatus.get()).toBe('signed-out');
    expect(localStorage.getItem('clinic.login')).toBeNull();
  });

  test('the typed RPC client and raw apiFetch report a 401 the same way', async () => {
    const first = await signedIn();
    answer(401, { error: 'unauthorized', msg: 'Please sign in to continue.' });
    const res = await first.api.api.treatments.$get({ query: { q: '', limit: '10', offset: '0' } });
    expect(res.status).toBe(401);
    expect(first.$sessionStatus.get()).toBe('signed-out');

    const second = await signedIn();
    answer(401, { error: 'unauthorized', msg: 'Please sign in to continue.' });
    await second.api.apiFetch('/api/patients?limit=20', { credentials: 'include' });
    expect(second.$session.get()).toBeNull();
  });

  test('other failures, and a wrong password at sign-in, leave the session alone', async () => {
    const { $session, $sessionStatus, api, signIn } = await signedIn();
    answer(403, { error: 'forbidden', msg: 'You are not allowed to do that.' });
    await expect(api.answer(api.api.medics.pending.$get())).rejects.toMatchObject({ status: 403 });
    answer(500, { error: 'internal', msg: 'Something went wrong, please try again.' });
    await expect(api.answer(api.api.me.$get())).rejects.toMatchObject({ status: 500 });
    answer(401, { error: 'unauthorized', msg: 'Incorrect username or password' });
    await expect(signIn('medic@clinic.test', 'Wrong2026')).rejects.toMatchObject({ status: 401 });
    expect($session.get()).toMatchObject({ email: 'medic@clinic.test' });
    expect($sessionStatus.get()).toBe('signed-in');
  });
});
