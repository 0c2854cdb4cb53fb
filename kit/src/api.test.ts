import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, request, requestList } from './api';

function answer(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request', () => {
  test('resolves with the JSON body and sends cookies and JSON', async () => {
    answer(200, { ok: true });
    await expect(request('POST', '/logout', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/logout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
  });

  test('throws an ApiError carrying status, error, msg and field errors', async () => {
    answer(422, {
      error: 'invalid',
      msg: 'Your form has errors, please check it out.',
      errors: { name: { msg: 'x' } },
    });
    const err = await request('POST', '/patients', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 422,
      error: 'invalid',
      msg: 'Your form has errors, please check it out.',
      errors: { name: { msg: 'x' } },
    });
  });

  test('turns a network failure into ApiError status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request('GET', '/me')).rejects.toMatchObject({ status: 0, error: 'network' });
  });
});

describe('requestList', () => {
  test('answers the rows and the full count from X-Total-Count', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[{"ID":1}]', { status: 200, headers: { 'X-Total-Count': '41' } })),
    );
    await expect(requestList('/Budgets?limit=1')).resolves.toEqual({ rows: [{ ID: 1 }], total: 41 });
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/Budgets?limit=1');
  });

  test('throws an ApiError with the server msg', async () => {
    answer(422, { error: 'invalid', msg: 'Invalid input' });
    await expect(requestList('/Budgets?sort=x')).rejects.toMatchObject({ status: 422, msg: 'Invalid input' });
  });
});
