// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent, FormEvent } from 'react';
import * as v from 'valibot';
import { describe, expect, test, vi } from 'vitest';

const notify = vi.fn(async () => undefined);
vi.mock('../dialogs/dialogs', () => ({ notify: (...args: unknown[]) => notify(...(args as [])) }));

const { useSchemaForm } = await import('./useSchemaForm');

const Schema = v.object({ name: v.pipe(v.string(), v.nonEmpty('Name is required')) });
type Values = { name: string; file: File | null };
const initial: Values = { name: 'Ann', file: null };
const toInput = (values: Values) => ({ name: values.name });
const submitEvent = () => ({ preventDefault: () => undefined }) as unknown as FormEvent;
const fileEvent = (file: File | null) =>
  ({ target: { files: file ? [file] : [] } }) as unknown as ChangeEvent<HTMLInputElement>;

/** The form under test, keeping no draft, with the screen's `checks`. */
const formWith = (checks: (values: Values) => Partial<Record<'name' | 'file', string | undefined>>) =>
  renderHook(() => useSchemaForm({ schema: Schema, initial, toInput, draft: false, checks }));

describe('useSchemaForm: checks only the screen can make', () => {
  test('a failing check shows under its field once changed, and blocks the submit', () => {
    let slotFree = false;
    const { result } = formWith(() => ({ name: slotFree ? undefined : 'That slot is taken' }));
    expect(result.current.errorOf('name')).toBeUndefined();
    act(() => result.current.set('name', 'Bea'));
    expect(result.current.errorOf('name')).toBe('That slot is taken');
    const send = vi.fn(async () => undefined);
    act(() => result.current.submit(send)(submitEvent()));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.showFormError).toBe(true);
    slotFree = true;
    act(() => result.current.set('name', 'Cid'));
    expect(result.current.errorOf('name')).toBeUndefined();
    act(() => result.current.submit(send)(submitEvent()));
    expect(send).toHaveBeenCalledWith({ name: 'Cid' });
  });

  test("the contract's own message comes before the screen's", () => {
    const { result } = formWith(() => ({ name: 'Taken' }));
    act(() => result.current.set('name', ''));
    expect(result.current.errorOf('name')).toBe('Name is required');
  });
});

describe('useSchemaForm: a file field', () => {
  test('holds the chosen File, null once cleared, with the check of the file under it', () => {
    const { result } = formWith((values) => ({
      file: values.file && values.file.size > 3 ? 'Too large' : undefined,
    }));
    const small = new File(['ab'], 'a.pdf', { type: 'application/pdf' });
    act(() => result.current.file('file').onChange(fileEvent(small)));
    expect(result.current.values.file).toBe(small);
    expect(result.current.file('file').error).toBeUndefined();
    act(() => result.current.file('file').onChange(fileEvent(new File(['abcdef'], 'b.pdf'))));
    expect(result.current.file('file').error).toBe('Too large');
    act(() => result.current.file('file').onChange(fileEvent(null)));
    expect(result.current.values.file).toBeNull();
    expect(result.current.file('file').error).toBeUndefined();
  });
});

describe('useSchemaForm: a form that keeps no draft', () => {
  test('leaves alone the draft of another form with the same fields when it closes', () => {
    const keeper = renderHook(() => useSchemaForm({ schema: Schema, initial: { name: 'Ann' } }));
    act(() => keeper.result.current.set('name', 'Kept'));
    const other = renderHook(() => useSchemaForm({ schema: Schema, initial: { name: 'Ann' }, draft: false }));
    other.unmount();
    const again = renderHook(() => useSchemaForm({ schema: Schema, initial: { name: 'Ann' } }));
    expect(again.result.current.values.name).toBe('Kept');
  });
});

describe('useSchemaForm: what a screen says of a submit with errors, and where it starts again', () => {
  test("the pop-up's title comes from the values, and its icon from the screen, when it gives them", () => {
    notify.mockClear();
    const { result } = renderHook(() =>
      useSchemaForm({
        schema: Schema,
        initial: { name: '' },
        draft: false,
        invalidTitle: (values) => (values.name === '' ? 'Please type a name' : 'Invalid'),
        invalidIcon: 'warning',
      }),
    );
    act(() => result.current.submit(vi.fn(async () => undefined))(submitEvent()));
    expect(notify).toHaveBeenCalledWith({ title: 'Please type a name', icon: 'warning' });
  });

  test('reset(to) starts again from the given values, untouched and not submitted', () => {
    const { result } = formWith(() => ({}));
    act(() => result.current.set('name', ''));
    act(() => result.current.submit(vi.fn(async () => undefined))(submitEvent()));
    expect(result.current.showFormError).toBe(true);
    act(() => result.current.reset({ name: 'Dee', file: null }));
    expect(result.current.values.name).toBe('Dee');
    expect(result.current.showFormError).toBe(false);
    act(() => result.current.reset());
    expect(result.current.values.name).toBe('Ann');
  });
});
