import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { call, seed, signInMedic } from '../../test/helpers';
import type { RequestLogLine } from './request-log';

beforeAll(seed);
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `fn` and answers the JSON request lines the worker logged meanwhile. */
async function logged(fn: () => Promise<unknown>): Promise<{ lines: RequestLogLine[]; raw: string }> {
  const out: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    out.push(args.map(String).join(' '));
  });
  await fn();
  vi.restoreAllMocks();
  const lines = out
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as RequestLogLine)
    .filter((l) => l.type === 'request');
  return { lines, raw: out.join('\n') };
}

const PATIENT = {
  name: 'Lurleen',
  lastName: 'Lumpkin',
  document: '31415926',
  email: 'lurleen.lumpkin@clinic.test',
  cellphone: '1155512345',
  telephone: '1145512345',
  birth: '1961-07-04',
};

describe('request log', () => {
  test('one JSON line per API request: method, route pattern, status, duration, user type, request id', async () => {
    let res: Response | undefined;
    const { lines } = await logged(async () => {
      res = await call('/api/health');
    });
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ method: 'GET', route: '/api/health', status: 200, userType: 'anonymous' });
    expect(typeof line?.durationMs).toBe('number');
    expect(line?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res?.headers.get('X-Request-Id')).toBe(line?.requestId);
  });

  test('every error body carries the request id of its header and log line', async () => {
    let res: Response | undefined;
    const { lines } = await logged(async () => {
      res = await call('/api/patients/1/audit');
    });
    const body = await res?.json<{ error: string; requestId: string }>();
    expect(res?.status).toBe(401);
    expect(body?.requestId).toBe(res?.headers.get('X-Request-Id'));
    expect(lines[0]).toMatchObject({
      requestId: body?.requestId,
      status: 401,
      route: '/api/patients/:id/audit',
    });
    const notFound = await call('/api/no-such-route');
    const missing = await notFound.json<{ requestId: string }>();
    expect(missing.requestId).toBe(notFound.headers.get('X-Request-Id'));
    expect(missing.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a request touching a patient logs none of that patient's fields, nor emails or tokens", async () => {
    const token = await signInMedic();
    let id = 0;
    const { lines, raw } = await logged(async () => {
      const created = await call('/api/patients', {
        token,
        body: {
          infoUser: {
            city: 'Springfield',
            street: 'Evergreen',
            number: '742',
            postalCode: '1000',
            ...PATIENT,
          },
          infoPatient: { medicalService: 'OSDE' },
        },
      });
      expect(created.status).toBe(201);
      id = (await created.json<{ ID: number }>()).ID;
      expect((await call(`/api/patients/${id}`, { token })).status).toBe(200);
      expect((await call(`/api/patients?q=${PATIENT.lastName}`, { token })).status).toBe(200);
    });
    expect(lines.map((l) => `${l.method} ${l.route} ${l.status} ${l.userType}`)).toEqual([
      'POST /api/patients 201 Medic',
      'GET /api/patients/:id 200 Medic',
      'GET /api/patients 200 Medic',
    ]);
    for (const value of [
      ...Object.values(PATIENT),
      'Evergreen',
      `/api/patients/${id}`,
      token,
      'medic@clinic.test',
    ]) {
      expect(raw).not.toContain(value);
    }
  });
});
