// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import * as v from 'valibot';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { apiFetch } from '../api';
import { $session, signOut } from '../browser-session';
import { clearDrafts, readWholeDraft, scopedDraftKey, wholeDraft } from './drafts';
import { useSchemaForm } from './useSchemaForm';

// A visit note's shape: text, a picked record, a list of teeth, a YES/NO left open.
const schema = v.object({
  observations: v.pipe(v.string(), v.minLength(1)),
  TreatmentID: v.nullable(v.object({ ID: v.string() })),
  teeth: v.array(v.object({ toothID: v.number(), surfaces: v.array(v.string()) })),
  diabetes: v.optional(v.boolean()),
});
type Values = v.InferOutput<typeof schema>;
const initial: Values = { observations: '', TreatmentID: null, teeth: [], diabetes: undefined };
const submitEvent = { preventDefault: () => {} } as FormEvent;

const signedInAs = (email: string) =>
  $session.set({ email, name: 'N', lastName: 'L', document: '1', userType: 'Medic' });
const open = (scope = 'evolution:7', base?: unknown) =>
  renderHook(() => useSchemaForm({ schema, initial, draft: { scope, base } }));
const typeNote = (form: ReturnType<typeof open>) => {
  act(() => form.result.current.set('observations', 'Long note about tooth 11'));
  act(() => form.result.current.set('TreatmentID', { ID: '3' }));
  act(() => form.result.current.set('teeth', [{ toothID: 11, surfaces: ['M', 'O'] }]));
  act(() => form.result.current.set('diabetes', true));
};
const typed = {
  observations: 'Long note about tooth 11',
  TreatmentID: { ID: '3' },
  teeth: [{ toothID: 11, surfaces: ['M', 'O'] }],
  diabetes: true,
};

afterEach(() => {
  clearDrafts();
  $session.set(null);
  vi.unstubAllGlobals();
});

describe('a draft kept for a user and a record', () => {
  test('keeps every field, not only the text, and gives it back after a reload with a notice', () => {
    signedInAs('medic@clinic.test');
    typeNote(open());
    const again = open();
    expect(again.result.current.values).toEqual(typed);
    expect(again.result.current.restored).toBe(true);
    // the key names the user and the patient, and starts like every draft (sign-out clears it)
    const keys = Object.keys({ ...sessionStorage });
    expect(keys).toEqual([scopedDraftKey('medic@clinic.test', 'evolution:7', initial)]);
    expect(keys[0]).toMatch(/^clinic\.draft:@medic@clinic\.test:evolution:7#/);
  });

  test("is another patient's or another user's form's: neither sees it", () => {
    signedInAs('medic@clinic.test');
    typeNote(open('evolution:7'));
    expect(open('evolution:8').result.current.values).toEqual(initial);
    signedInAs('other@clinic.test');
    expect(open('evolution:7').result.current.values).toEqual(initial);
    expect(open('evolution:7').result.current.restored).toBe(false);
  });

  test('outlives leaving the screen (a crash unmounts it too); discarding it drops it', () => {
    signedInAs('medic@clinic.test');
    const first = open();
    typeNote(first);
    first.unmount();
    const again = open();
    expect(again.result.current.values).toEqual(typed);
    act(() => again.result.current.reset());
    expect(again.result.current.restored).toBe(false);
    expect(open().result.current.values).toEqual(initial);
  });

  test('a failed save (no answer, or a 4xx) keeps it; a saved one drops it', async () => {
    signedInAs('medic@clinic.test');
    const form = open();
    typeNote(form);
    const send = () =>
      apiFetch('/api/evolutions', { method: 'POST' }).then(
        () => undefined,
        () => undefined,
      );
    const submit = async () =>
      act(async () => {
        form.result.current.submit(send)(submitEvent);
        await new Promise((r) => setTimeout(r, 0));
      });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await submit();
    expect(open().result.current.values).toEqual(typed);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"msg":"no"}', { status: 422 })));
    await submit();
    expect(open().result.current.values).toEqual(typed);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 201 })));
    await submit();
    expect(open().result.current.values).toEqual(initial);
  });

  test('forgetDraft drops it for a save made outside submit', () => {
    signedInAs('medic@clinic.test');
    const form = open();
    typeNote(form);
    act(() => form.result.current.forgetDraft());
    expect(open().result.current.values).toEqual(initial);
  });

  test('sign-out drops it', async () => {
    signedInAs('medic@clinic.test');
    typeNote(open());
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 200 })));
    await signOut();
    signedInAs('medic@clinic.test');
    expect(open().result.current.values).toEqual(initial);
  });

  test('keeps the version an edit started from, even once a newer one is read', () => {
    signedInAs('medic@clinic.test');
    typeNote(open('clinical-history:7:edit', { etag: 'v1' }));
    const again = open('clinical-history:7:edit', { etag: 'v2' });
    expect(again.result.current.restoredBase).toEqual({ etag: 'v1' });
    // typing on keeps the old base, so a save still meets the 412 of a newer version
    act(() => again.result.current.set('observations', 'more'));
    expect(open('clinical-history:7:edit', { etag: 'v3' }).result.current.restoredBase).toEqual({
      etag: 'v1',
    });
  });
});

describe('wholeDraft / readWholeDraft', () => {
  test('keeps what differs (a YES/NO cleared as unset), never a secret-named field or a file', () => {
    const start = { a: '', yes: true as boolean | undefined, password: '', file: null as unknown };
    const kept = wholeDraft(start, { a: 'x', yes: undefined, password: 'Secret', file: new Blob(['1']) });
    expect(kept).toEqual({ set: { a: 'x' }, unset: ['yes'] });
    expect(wholeDraft(start, start)).toBeNull();
    sessionStorage.setItem('k', JSON.stringify({ ...kept, set: { a: 'x', unknown: 1 } }));
    expect(readWholeDraft('k', start)).toEqual({ values: { ...start, a: 'x', yes: undefined } });
    sessionStorage.setItem('k', '{not json');
    expect(readWholeDraft('k', start)).toBeNull();
  });
});
