import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import {
  appointmentWatch,
  calendarWatch,
  LIVE_MAX_DAYS,
  LiveWatchSchema,
  noticeFor,
  turnsNotice,
} from './live';

describe('noticeFor', () => {
  const notice = { dates: ['2026-12-01', '2026-12-09'], ids: [7] };

  test('a medic gets the dates in view and the turn IDs; nothing when no date is in view', () => {
    expect(noticeFor({ role: 'medic', from: '2026-12-07', to: '2026-12-13' }, notice)).toEqual({
      dates: ['2026-12-09'],
      ids: [7],
    });
    expect(noticeFor({ role: 'medic', from: '2026-12-14', to: '2026-12-20' }, notice)).toBeNull();
  });

  test('a patient gets the dates only', () => {
    expect(noticeFor({ role: 'patient', from: '2026-12-01', to: '2026-12-01' }, notice)).toEqual({
      dates: ['2026-12-01'],
      ids: [],
    });
  });
});

describe('turnsNotice', () => {
  test('each date once, sorted, with the dates a move left', () => {
    expect(turnsNotice([{ ID: 3, date: '2026-12-09' }], ['2026-12-02', '2026-12-09'])).toEqual({
      dates: ['2026-12-02', '2026-12-09'],
      ids: [3],
    });
  });
});

describe('the dates a screen may watch', () => {
  test(`at most ${LIVE_MAX_DAYS} days, from before to`, () => {
    expect(v.is(LiveWatchSchema, { from: '2026-12-01', to: '2027-01-31' })).toBe(true);
    expect(v.is(LiveWatchSchema, { from: '2026-12-01', to: '2027-02-01' })).toBe(false);
    expect(v.is(LiveWatchSchema, { from: '2026-12-02', to: '2026-12-01' })).toBe(false);
    expect(v.is(LiveWatchSchema, { from: '2026-02-30', to: '2026-03-01' })).toBe(false);
  });

  test("a patient's appointment screen watches from today, or up to a day further away", () => {
    expect(appointmentWatch('2026-11-25', '2026-11-27')).toEqual({ from: '2026-11-25', to: '2027-01-25' });
    expect(appointmentWatch('2026-11-25', '2027-03-01')).toEqual({ from: '2026-12-30', to: '2027-03-01' });
    for (const day of ['2026-11-26', '2027-06-30']) {
      expect(v.is(LiveWatchSchema, appointmentWatch('2026-11-25', day))).toBe(true);
    }
  });
});

describe('calendarWatch', () => {
  const week = { from: '2026-12-06', to: '2026-12-12' };
  test("the view's dates and the details' date beside them, while one range holds both", () => {
    expect(calendarWatch(week, '2026-12-08')).toEqual(week);
    expect(calendarWatch(week, '2026-12-20')).toEqual({ from: '2026-12-06', to: '2026-12-20' });
    expect(calendarWatch(week, '2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-12' });
    expect(calendarWatch(week, '2027-05-01')).toEqual(week);
  });
});
