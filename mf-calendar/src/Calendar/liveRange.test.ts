import type { Turn } from '@clinic/worker/contract';
import { describe, expect, it } from 'vitest';
import { replaceDays, spanToRead } from './liveRange';

const MONTH = { from: '2026-11-29', to: '2027-01-02' };
const turn = (ID: number, date: string, time: number) => ({ ID, date, time }) as Turn;

describe('spanToRead', () => {
  it('reads the whole range after a refresh', () => {
    expect(spanToRead(null, MONTH)).toEqual(MONTH);
  });

  it('reads one day for a notice of one day', () => {
    expect(spanToRead(['2026-12-09'], MONTH)).toEqual({ from: '2026-12-09', to: '2026-12-09' });
  });

  it('reads from the first changed day to the last (a move), whatever order they came in', () => {
    expect(spanToRead(['2026-12-21', '2026-12-03', '2026-12-09'], MONTH)).toEqual({
      from: '2026-12-03',
      to: '2026-12-21',
    });
  });

  it('keeps to the range and reads nothing when no changed day is in it', () => {
    expect(spanToRead(['2026-11-01', '2026-12-30', '2027-02-01'], MONTH)).toEqual({
      from: '2026-12-30',
      to: '2026-12-30',
    });
    expect(spanToRead(['2027-02-01'], MONTH)).toBeNull();
    expect(spanToRead([], MONTH)).toBeNull();
  });
});

describe('replaceDays', () => {
  it("replaces the span's days, keeps the others and sorts by date, time and ID", () => {
    const held = [
      turn(1, '2026-12-01', 9),
      turn(2, '2026-12-02', 10),
      turn(3, '2026-12-02', 11),
      turn(4, '2026-12-03', 9),
    ];
    const fresh = [turn(5, '2026-12-02', 9), turn(3, '2026-12-02', 12)];
    expect(replaceDays(held, { from: '2026-12-02', to: '2026-12-02' }, fresh).map((t) => t.ID)).toEqual([
      1, 5, 3, 4,
    ]);
  });

  it('empties a day whose last turn was cancelled', () => {
    const held = [turn(1, '2026-12-01', 9), turn(2, '2026-12-02', 10)];
    expect(replaceDays(held, { from: '2026-12-02', to: '2026-12-02' }, []).map((t) => t.ID)).toEqual([1]);
  });
});
