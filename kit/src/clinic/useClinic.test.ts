import type { Clinic } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { clinicLoadOf } from './useClinic';

const CLINIC = { ID: 1, name: 'Sonrisas' } as Clinic;
const store = (change: Partial<Parameters<typeof clinicLoadOf>[0]> = {}) => ({
  clinic: CLINIC,
  status: 'loaded' as const,
  error: null,
  ...change,
});

describe('what a clinic screen shows', () => {
  test('a screen that reads the clinic again waits for its own answer, never an older copy', () => {
    expect(clinicLoadOf(store(), { fresh: true, answered: false })).toEqual({ state: 'loading' });
    expect(clinicLoadOf(store(), { fresh: true, answered: true })).toEqual({ state: 'ready', data: CLINIC });
    expect(clinicLoadOf(store({ status: 'error', error: 'Down' }), { fresh: true, answered: true })).toEqual({
      state: 'error',
      msg: 'Down',
    });
  });

  test('any other screen takes a clinic already loaded, even while it is read again or that read failed', () => {
    const any = { fresh: false, answered: false };
    expect(clinicLoadOf(store({ status: 'loading' }), any)).toEqual({ state: 'ready', data: CLINIC });
    expect(clinicLoadOf(store({ status: 'error', error: 'Down' }), any)).toEqual({
      state: 'ready',
      data: CLINIC,
    });
    expect(clinicLoadOf(store({ clinic: null, status: 'loading' }), any)).toEqual({ state: 'loading' });
    expect(clinicLoadOf(store({ clinic: null, status: 'error', error: 'Down' }), any)).toEqual({
      state: 'error',
      msg: 'Down',
    });
  });

  test("no clinic set up yet is 'missing' (the screens send a medic to the initial config)", () => {
    const missing = store({ clinic: null, status: 'missing', error: 'No clinic' });
    expect(clinicLoadOf(missing, { fresh: true, answered: true })).toEqual({ state: 'missing' });
    expect(clinicLoadOf(missing, { fresh: false, answered: false })).toEqual({ state: 'missing' });
  });
});
