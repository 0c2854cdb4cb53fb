// @vitest-environment happy-dom
import { MSG } from '@clinic/worker/contract';
import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { usePatientSearch } from './usePatientSearch';

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent;

describe('usePatientSearch (patient search)', () => {
  it('an empty search says so and searches nothing', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => usePatientSearch(onSearch));
    act(() => result.current.bar.onSubmit(submitEvent()));
    expect(result.current.bar.error).toBe(MSG.emptySearch);
    expect(onSearch).not.toHaveBeenCalled();
    // typing clears the message
    act(() => result.current.bar.onChange('s'));
    expect(result.current.bar.error).toBeNull();
  });

  it('a mixed search shows the format message at once and disables Search', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => usePatientSearch(onSearch));
    act(() => result.current.bar.onChange('lisa 123'));
    expect(result.current.bar.error).toBe(MSG.wrongSearchFormat);
    expect(result.current.bar.disabled).toBe(true);
    act(() => result.current.bar.onSubmit(submitEvent()));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('digits and names are searched with their parsed term; clear() empties the box', () => {
    const onSearch = vi.fn();
    const { result } = renderHook(() => usePatientSearch(onSearch));
    act(() => result.current.bar.onChange(' 35123456 '));
    act(() => result.current.bar.onSubmit(submitEvent()));
    act(() => result.current.bar.onChange('Lisa   Simpson'));
    act(() => result.current.bar.onSubmit(submitEvent()));
    expect(onSearch.mock.calls).toEqual([['35123456'], ['lisa simpson']]);
    expect(result.current.bar.disabled).toBe(false);
    act(() => result.current.clear());
    expect(result.current.bar.value).toBe('');
  });
});
