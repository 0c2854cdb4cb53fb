import { describe, expect, test } from 'vitest';
import type { OfficeHours } from './office-hours';
import { type BookedTurn, fitsOfficeHours, freeSlots, isSlotFree, overlapsTurn, weekdayOf } from './slots';

const WEEKDAY = [
  { min: 9, max: 13 },
  { min: 14, max: 18 },
];
/** Closed on weekends, 9–13 and 14–18 Monday to Friday (the demo clinic). */
const HOURS: OfficeHours = [[], WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, []];
const MONDAY = '2026-11-23';
const SUNDAY = '2026-11-22';
const SATURDAY = '2026-11-28';

const turn = (time: number, duration: number, date = MONDAY): BookedTurn => ({ date, time, duration });

describe('weekdayOf', () => {
  test('reads the calendar date itself, Sunday = 0', () => {
    expect(weekdayOf(SUNDAY)).toBe(0);
    expect(weekdayOf(MONDAY)).toBe(1);
    expect(weekdayOf(SATURDAY)).toBe(6);
    expect(weekdayOf('2028-02-29')).toBe(2);
  });
});

describe('freeSlots', () => {
  test('a closed day has no slots', () => {
    expect(freeSlots(HOURS, 0.5, [], SUNDAY)).toEqual([]);
    expect(freeSlots(HOURS, 0.5, [], SATURDAY)).toEqual([]);
  });

  test('0.5 h steps from the start of each range up to the last start that still ends in it', () => {
    const slots = freeSlots(HOURS, 0.5, [], MONDAY);
    expect(slots).toEqual([9, 9.5, 10, 10.5, 11, 11.5, 12, 12.5, 14, 14.5, 15, 15.5, 16, 16.5, 17, 17.5]);
  });

  test('a turn may not run over the end of a range or across the lunch break', () => {
    const slots = freeSlots(HOURS, 1, [], MONDAY);
    expect(slots).toContain(12); // 12–13 ends exactly at the range end
    expect(slots).not.toContain(12.5); // 12:30–13:30 runs over
    expect(slots).not.toContain(13.5);
    expect(slots).toContain(17);
    expect(slots).not.toContain(17.5);
  });

  test('an existing turn takes its slots; touching ends do not overlap', () => {
    const slots = freeSlots(HOURS, 0.5, [turn(10, 1)], MONDAY);
    expect(slots).toContain(9.5); // 9:30–10:00 ends as the turn starts
    expect(slots).not.toContain(10);
    expect(slots).not.toContain(10.5);
    expect(slots).toContain(11); // starts as the turn ends
  });

  test('a turn starting off the step blocks every slot it overlaps', () => {
    const slots = freeSlots(HOURS, 0.5, [turn(9.25, 0.5)], MONDAY);
    expect(slots).not.toContain(9);
    expect(slots).not.toContain(9.5);
    expect(slots).toContain(10);
  });

  test('turns of other dates are ignored', () => {
    expect(freeSlots(HOURS, 0.5, [turn(9, 4, '2026-11-24')], MONDAY)).toContain(9);
  });

  test('a duration longer than any range leaves no slot', () => {
    expect(freeSlots(HOURS, 4.5, [], MONDAY)).toEqual([]);
  });

  test('ranges that end on a quarter hour and 20-minute durations', () => {
    const hours: OfficeHours = [[], [{ min: 9.25, max: 10.75 }], [], [], [], [], []];
    expect(freeSlots(hours, 0.5, [], MONDAY)).toEqual([9.5, 10]);
    expect(freeSlots(hours, 1 / 3, [], MONDAY)).toEqual([9.5, 10]);
  });

  test('no standard duration, no slots', () => {
    expect(freeSlots(HOURS, 0, [], MONDAY)).toEqual([]);
  });

  test('a range up to midnight offers the 23:30 slot', () => {
    const hours: OfficeHours = [[], [{ min: 22, max: 24 }], [], [], [], [], []];
    expect(freeSlots(hours, 0.5, [], MONDAY)).toEqual([22, 22.5, 23, 23.5]);
  });
});

describe('the turn-creation rule', () => {
  test('inside office hours and free', () => {
    expect(isSlotFree(HOURS, [], MONDAY, 9, 0.5)).toBe(true);
    expect(fitsOfficeHours(HOURS, MONDAY, 13, 0.5)).toBe(false);
    expect(fitsOfficeHours(HOURS, SUNDAY, 10, 0.5)).toBe(false);
    // equal start times overlap whatever the durations
    expect(overlapsTurn([turn(10, 0)], MONDAY, 10, 1e-300)).toBe(true);
    expect(overlapsTurn([turn(9, 1)], MONDAY, 9.5, 0.5)).toBe(true);
    expect(isSlotFree(HOURS, [turn(9, 1)], MONDAY, 9.5, 0.5)).toBe(false);
    expect(isSlotFree(HOURS, [], MONDAY, 9, 0)).toBe(false);
  });
});
