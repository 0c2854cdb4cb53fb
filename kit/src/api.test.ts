import { MSG } from '@clinic/worker/contract';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, answer, answerAll, answerOne, answerPage, api, DRY_RUN, dryRun } from './api';

function respond(status: number, body: unknown): void {
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

describe('answer', () => {
  test('resolves with the JSON body of a typed call, sending cookies and JSON', async () => {
    respond(200, { ok: true });
    await expect(answer(api.password.reset.$post({ json: { email: 'a@clinic.test' } }))).resolves.toEqual({
      ok: true,
    });
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/password/reset');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"a@clinic.test"}' });
  });

  test('throws an ApiError carrying status, error, msg and field errors', async () => {
    respond(422, {
      error: 'invalid',
      msg: 'Your form has errors, please check it out.',
      errors: { email: { msg: 'x' } },
    });
    const err = await answer(api.password.reset.$post({ json: { email: '' } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 422,
      error: 'invalid',
      msg: 'Your form has errors, please check it out.',
      errors: { email: { msg: 'x' } },
    });
  });

  test("turns a network failure into ApiError status 0, in words, not the browser's 'Failed to fetch'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(answer(api.me.$get())).rejects.toMatchObject({
      status: 0,
      error: 'network',
      msg: MSG.serverUnreachable,
    });
    // a read is tried three times in all before the failure shows
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('a read after a hiccup', () => {
  function answers(...statuses: number[]): void {
    const queue = [...statuses];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'x', msg: `status ${queue[0]}` }), {
            status: queue.shift() ?? 200,
          }),
      ),
    );
  }

  test('a 502 or a 503 on a read is sent again, and the answer that follows stands', async () => {
    answers(502, 503, 200);
    await expect(answer(api.me.$get())).resolves.toMatchObject({ msg: 'status 200' });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  test('a read that keeps hiccuping shows the last answer after three tries', async () => {
    answers(504, 504, 502, 200);
    await expect(answer(api.me.$get())).rejects.toMatchObject({ status: 502 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  test('a write is never sent twice, and a read answered 500 or 404 is not sent again', async () => {
    answers(502, 200);
    await expect(
      answer(api.password.reset.$post({ json: { email: 'a@clinic.test' } })),
    ).rejects.toMatchObject({
      status: 502,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    answers(500, 200);
    await expect(answer(api.me.$get())).rejects.toMatchObject({ status: 500 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('answerPage', () => {
  test('answers the rows and the full count from X-Total-Count', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[{"ID":"0101"}]', { status: 200, headers: { 'X-Total-Count': '41' } })),
    );
    await expect(
      answerPage(api.treatments.$get({ query: { q: '', limit: '1', offset: '0' } })),
    ).resolves.toEqual({
      rows: [{ ID: '0101' }],
      total: 41,
      exact: true,
    });
    expect(String(vi.mocked(fetch).mock.calls[0]?.[0])).toBe('/api/treatments?q=&limit=1&offset=0');
  });

  test('X-Total-Count-Exact: false makes the count a lower bound', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('[]', {
            status: 200,
            headers: { 'X-Total-Count': '80', 'X-Total-Count-Exact': 'false' },
          }),
      ),
    );
    await expect(
      answerPage(api.patients.$get({ query: { q: 'mar', limit: '20', offset: '0' } })),
    ).resolves.toEqual({ rows: [], total: 80, exact: false });
  });

  test('throws an ApiError with the server msg', async () => {
    respond(422, { error: 'invalid', msg: 'Invalid input' });
    await expect(
      answerPage(api.treatments.$get({ query: { q: '', limit: 'x', offset: '0' } })),
    ).rejects.toMatchObject({
      status: 422,
      msg: 'Invalid input',
    });
  });
});

/**
 * A stubbed list route: `total` rows in all (X-Total-Count says `count`), served by limit/offset;
 * `atLeast` answers each count as a lower bound (X-Total-Count-Exact: false).
 */
function listOf(total: number, count = total, atLeast = false): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://x');
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
        ID: offset + i + 1,
      }));
      const headers: Record<string, string> = { 'X-Total-Count': String(count) };
      if (atLeast) headers['X-Total-Count-Exact'] = 'false';
      return new Response(JSON.stringify(rows), { status: 200, headers });
    }),
  );
}

const offsetsAsked = (): number[] =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => Number(new URL(String(input), 'http://x').searchParams.get('offset')));

const budgetsPage = (page: { limit: string; offset: string }) =>
  api.Budgets.$get({ query: { ...page, q: '', sort: 'date_desc' } });

describe('answerAll', () => {
  test('pages until the count X-Total-Count gives, each page at the next offset', async () => {
    listOf(5);
    const rows = await answerAll(budgetsPage, 2);
    expect(rows.map((r) => r.ID)).toEqual([1, 2, 3, 4, 5]);
    expect(offsetsAsked()).toEqual([0, 2, 4]);
  });

  test('goes on past a count that is only a lower bound, until a page comes back empty', async () => {
    listOf(5, 2, true);
    const rows = await answerAll(budgetsPage, 2);
    expect(rows.map((r) => r.ID)).toEqual([1, 2, 3, 4, 5]);
    expect(offsetsAsked()).toEqual([0, 2, 4, 5]);
  });

  test('stops on an empty page even when the count promised more', async () => {
    listOf(3, 10);
    const rows = await answerAll(budgetsPage, 2);
    expect(rows).toHaveLength(3);
    expect(offsetsAsked()).toEqual([0, 2, 3]);
  });

  test('reads at most 20 pages when the count keeps moving ahead', async () => {
    listOf(1_000_000);
    const rows = await answerAll(budgetsPage, 1);
    expect(rows).toHaveLength(20);
    expect(fetch).toHaveBeenCalledTimes(20);
  });

  test('throws the ApiError of a failed page', async () => {
    respond(422, { error: 'invalid', msg: 'Invalid input' });
    await expect(answerAll(budgetsPage)).rejects.toMatchObject({ status: 422, msg: 'Invalid input' });
  });
});

describe('answerOne', () => {
  test('resolves with the one record a lookup answers', async () => {
    respond(200, { ID: 7, email: 'ana@clinic.test' });
    await expect(answerOne(api.medics.$get({ query: { email: 'ana@clinic.test' } }))).resolves.toMatchObject({
      ID: 7,
    });
  });

  test('a list where one record was asked for is a 404, like a miss', async () => {
    respond(200, [{ ID: 7 }]);
    await expect(answerOne(api.medics.$get({ query: { email: '' } }))).rejects.toMatchObject({ status: 404 });
  });
});

describe('dryRun', () => {
  test('sends a typed write with ?validate=true and answers the field errors', async () => {
    respond(200, { errors: { name: { msg: 'Required' } } });
    const call = api.Clinics[':id'].$put({ param: { id: '1' }, json: { name: '' } }, DRY_RUN);
    await expect(dryRun(call)).resolves.toEqual({ name: { msg: 'Required' } });
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/Clinics/1?validate=true');
    expect(init).toMatchObject({ method: 'PUT', body: '{"name":""}', credentials: 'include' });
  });
});

describe('the D1 bookmark: a tab reads its own writes', () => {
  const answering = (bookmark: string) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{}', {
            status: 200,
            headers: { 'Content-Type': 'application/json', 'X-D1-Bookmark': bookmark },
          }),
      ),
    );
  const sent = () =>
    new Headers((vi.mocked(fetch).mock.calls.at(-1)?.[1] as RequestInit | undefined)?.headers).get(
      'X-D1-Bookmark',
    );

  test('each call carries the newest bookmark answered so far, never an older one', async () => {
    answering('0000002a-00000001');
    await answer(api.Clinics.$get());
    answering('00000029-00000001');
    await answer(api.Clinics.$get());
    expect(sent()).toBe('0000002a-00000001');
    answering('0000002b-00000001');
    await answer(api.Clinics.$get());
    await answer(api.Clinics.$get());
    expect(sent()).toBe('0000002b-00000001');
  });
});
