import { env, SELF } from 'cloudflare:test';
import { pepperOf } from '../src/auth/password';
import { openD1 } from '../src/db/client';
import { DEMO_MEDIC, DEMO_PATIENT, seedDemo } from '../src/db/seed';

export const ORIGIN = 'http://localhost:8787';

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** 'manual' answers a redirect itself instead of following it. */
  redirect?: 'follow' | 'manual';
}

/** Calls the worker like a browser on the same origin: JSON in, Origin header set. */
export function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN, ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  }
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: opts.redirect,
  });
}

/** The tests' own handle on the D1 database, with D1's client (`$client.prepare`) typed. */
export const db = () => openD1(env.DB);

export async function seed(): Promise<void> {
  await seedDemo(db(), pepperOf(env));
}

export async function signIn(email: string, password: string): Promise<string> {
  const res = await call('/api/login?bearer=true', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { token } = await res.json<{ token: string }>();
  return token;
}

export const signInMedic = (): Promise<string> => signIn(DEMO_MEDIC.email, DEMO_MEDIC.password);
export const signInPatient = (): Promise<string> => signIn(DEMO_PATIENT.email, DEMO_PATIENT.password);

/** Registers one more patient as the medic signed in with `token` (Springfield defaults); answers its ID. */
export async function addPatient(
  token: string,
  person: Record<'name' | 'lastName' | 'document' | 'email' | 'cellphone' | 'telephone' | 'birth', string>,
): Promise<number> {
  const res = await call('/api/patients', {
    token,
    body: {
      infoUser: { city: 'Springfield', street: 'Main', number: '1', postalCode: '1000', ...person },
      infoPatient: { medicalService: 'OSDE' },
    },
  });
  if (res.status !== 201) throw new Error(`adding a patient failed: ${res.status} ${await res.text()}`);
  return (await res.json<{ ID: number }>()).ID;
}

/**
 * Local runs count every caller as one address (the server listens on loopback only), so tests
 * that make many requests forget the per-address counts between them.
 */
export async function forgetAddressLimits(): Promise<void> {
  await env.DB.prepare(`delete from rate_limits where key like '%:ip:%'`).run();
}
