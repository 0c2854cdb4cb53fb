import { describe, expect, test } from 'vitest';
import { REMOTE_NAMES } from '../contract/remotes';
import type { Bindings } from '../env';
import { remotesJson } from './remotes';

describe('the remote registry', () => {
  test('names every remote of the list, in its order, at the copies this worker serves', () => {
    const registry = remotesJson({} as Bindings, 'https://clinic.example');
    expect(Object.keys(registry)).toEqual([...REMOTE_NAMES]);
    expect(registry.budgets).toBe('https://clinic.example/mf/budgets/mf-manifest.json');
  });

  test('REMOTE_<NAME>_URL points one entry elsewhere; an empty one is ignored', () => {
    const env = {
      REMOTE_BUDGETS_URL: 'https://cdn.example/budgets/mf-manifest.json',
      REMOTE_PORTAL_URL: '',
    } as Partial<Bindings> as Bindings;
    const registry = remotesJson(env, 'https://clinic.example');
    expect(registry.budgets).toBe('https://cdn.example/budgets/mf-manifest.json');
    expect(registry.portal).toBe('https://clinic.example/mf/portal/mf-manifest.json');
  });
});
