import { REMOTE_NAMES } from '@clinic/kit/mf';
import { describe, expect, test } from 'vitest';
import { registryOf, withinTime } from './registry';

describe('the remote registry read from /mf/remotes.json', () => {
  test('keeps each known remote with its manifest URL', () => {
    const body = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, `https://cdn.test/${name}/mf-manifest.json`]),
    );
    expect(registryOf(body)).toEqual(body);
  });

  test('leaves out unknown names, empty and non-text URLs, and anything that is not an object', () => {
    const [first, second] = REMOTE_NAMES;
    expect(
      registryOf({ [String(first)]: 'https://a.test/m.json', [String(second)]: 42, other: 'x' }),
    ).toEqual({
      [String(first)]: 'https://a.test/m.json',
    });
    expect(registryOf({ [String(first)]: '' })).toEqual({});
    expect(registryOf(null)).toEqual({});
    expect(registryOf('remotes')).toEqual({});
  });
});

describe('the time an area waits for its remote', () => {
  test('a load that settles in time passes through, value or error', async () => {
    await expect(withinTime(Promise.resolve('routes'), 50, 'Remote "budgets"')).resolves.toBe('routes');
    await expect(withinTime(Promise.reject(new Error('404')), 50, 'Remote "budgets"')).rejects.toThrow('404');
  });

  test('a load that never settles fails after the timeout, naming the remote', async () => {
    const never = new Promise<never>(() => {});
    await expect(withinTime(never, 20, 'Remote "budgets"')).rejects.toThrow(
      'Remote "budgets" did not load within 0.02 s',
    );
  });
});
