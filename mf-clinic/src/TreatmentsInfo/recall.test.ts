import { MSG } from '@clinic/worker/contract';
import { describe, expect, test } from 'vitest';
import { recallMonthsOf } from './recall';

describe("a treatment's recall interval as typed", () => {
  test('empty is no recall', () => {
    expect(recallMonthsOf('')).toEqual({ ok: true, value: null });
    expect(recallMonthsOf('  ')).toEqual({ ok: true, value: null });
  });
  test('whole months from 1 to 60 are taken', () => {
    expect(recallMonthsOf('1')).toEqual({ ok: true, value: 1 });
    expect(recallMonthsOf(' 6 ')).toEqual({ ok: true, value: 6 });
    expect(recallMonthsOf('60')).toEqual({ ok: true, value: 60 });
  });
  test.each(['0', '61', '2.5', '-3', 'six', '1e1', '0x10'])('%s is refused with the API message', (typed) => {
    expect(recallMonthsOf(typed)).toEqual({ ok: false, msg: MSG.recallMonthsInvalid });
  });
});
