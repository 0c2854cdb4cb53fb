// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent, FormEvent } from 'react';
import * as v from 'valibot';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { apiFetch } from '../api';
import { clearDrafts } from './drafts';
import { useSchemaForm } from './useSchemaForm';

const schema = v.object({
  infoUser: v.object({ name: v.pipe(v.string(), v.minLength(1)), city: v.string() }),
  password: v.string(),
});
const initial = { infoUser: { name: '', city: '' }, password: '' };
const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;
const submitEvent = { preventDefault: () => {} } as FormEvent;

const open = () => renderHook(() => useSchemaForm({ schema, initial }));

afterEach(() => {
  clearDrafts();
  vi.unstubAllGlobals();
});

describe("a form's unsent input (session storage)", () => {
  test('survives a reload of the screen, never with the password', () => {
    const first = open();
    act(() => first.result.current.bind('infoUser.name')(typed('Agnes')));
    act(() => first.result.current.bind('password')(typed('Secret2026')));
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Secret2026');
    // a reload: the page goes away without unmounting the form
    const again = open();
    expect(again.result.current.values).toEqual({ infoUser: { name: 'Agnes', city: '' }, password: '' });
  });

  test('leaving the screen drops it', () => {
    const first = open();
    act(() => first.result.current.bind('infoUser.city')(typed('Springfield')));
    first.unmount();
    expect(open().result.current.values).toEqual(initial);
  });

  test('a failed write keeps it; a saved one drops it', async () => {
    const form = open();
    act(() => form.result.current.bind('infoUser.name')(typed('Agnes')));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const send = () =>
      apiFetch('/api/patients', { method: 'POST' }).then(
        () => undefined,
        () => undefined,
      );
    await act(async () => {
      form.result.current.submit(send)(submitEvent);
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(open().result.current.values.infoUser.name).toBe('Agnes');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 201 })));
    await act(async () => {
      form.result.current.submit(send)(submitEvent);
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(open().result.current.values).toEqual(initial);
  });

  test('sign-out drops every draft', () => {
    const form = open();
    act(() => form.result.current.bind('infoUser.name')(typed('Agnes')));
    clearDrafts();
    expect(open().result.current.values).toEqual(initial);
  });
});
