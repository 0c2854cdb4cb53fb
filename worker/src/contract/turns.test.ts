import { describe, expect, test } from 'vitest';
import { emptyOfficeHours } from './office-hours';
import {
  cancelRefused,
  firstBookableDate,
  firstOpenDate,
  isConsultation,
  localDate,
  localHours,
  nextDay,
  patientTurnTitle,
  turnStart,
  withConsultKeyword,
} from './turns';

const BA = 'America/Argentina/Buenos_Aires'; // UTC-3 all year
const MADRID = 'Europe/Madrid'; // daylight saving: UTC+1 in winter, UTC+2 in summer

describe("the clinic's clock", () => {
  test('the local date depends on the zone', () => {
    const at = new Date('2026-11-22T01:30:00Z');
    expect(localDate(at, 'UTC')).toBe('2026-11-22');
    expect(localDate(at, BA)).toBe('2026-11-21');
  });

  test('the wall clock hour depends on the zone and on daylight saving', () => {
    expect(localHours(new Date('2026-11-22T01:30:00Z'), BA)).toBe(22.5);
    expect(localHours(new Date('2026-07-01T05:15:00Z'), MADRID)).toBe(7.25);
    expect(localHours(new Date('2026-01-01T05:15:00Z'), MADRID)).toBe(6.25);
  });

  test('appointments start tomorrow in the clinic, not in UTC', () => {
    expect(firstBookableDate(new Date('2026-11-22T01:30:00Z'), BA)).toBe('2026-11-22');
    expect(firstBookableDate(new Date('2026-11-22T03:30:00Z'), BA)).toBe('2026-11-23');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  test('a turn starts at its local wall time, daylight saving included', () => {
    expect(turnStart('2026-11-23', 9.5, BA).toISOString()).toBe('2026-11-23T12:30:00.000Z');
    expect(turnStart('2026-01-15', 9, MADRID).toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(turnStart('2026-07-15', 9, MADRID).toISOString()).toBe('2026-07-15T07:00:00.000Z');
  });
});

describe('cancel needs 24 hours notice once the medic accepted', () => {
  const now = new Date('2026-11-23T12:00:00Z'); // 09:00 in Buenos Aires
  test('refused for an accepted turn less than 24 hours away', () => {
    expect(cancelRefused({ date: '2026-11-24', time: 8.75, medicAccepts: true }, now, BA)).toBe(true);
  });
  test('allowed at 24 hours or more, or when the medic has not accepted', () => {
    expect(cancelRefused({ date: '2026-11-24', time: 9, medicAccepts: true }, now, BA)).toBe(false);
    expect(cancelRefused({ date: '2026-11-23', time: 10, medicAccepts: false }, now, BA)).toBe(false);
  });
});

test("'#consult' anywhere in the description, in any case, makes a consultation", () => {
  expect(isConsultation('First visit #consult')).toBe(true);
  expect(isConsultation('#CONSULT')).toBe(true);
  expect(isConsultation('consult')).toBe(false);
});

test('the first open date skips the days the clinic is closed', () => {
  const hours = emptyOfficeHours();
  hours[1] = [{ min: 9, max: 13 }]; // Mondays only
  expect(firstOpenDate('2026-11-21', hours)).toBe('2026-11-23'); // Saturday → Monday
  expect(firstOpenDate('2026-11-23', hours)).toBe('2026-11-23');
  expect(firstOpenDate('2026-11-21', emptyOfficeHours())).toBe('2026-11-21');
});

describe("the 'Consultation' checkbox", () => {
  test('adds the reserved word once at the end, and takes every occurrence of it out', () => {
    expect(withConsultKeyword('Checkup', true)).toBe('Checkup #consult');
    expect(withConsultKeyword('', true)).toBe('#consult');
    expect(withConsultKeyword('Checkup #CONSULT', true)).toBe('Checkup #CONSULT');
    expect(withConsultKeyword('Checkup #consult', false)).toBe('Checkup');
    expect(withConsultKeyword('Filling #Consult tooth 16 #consult', false)).toBe('Filling tooth 16');
    expect(withConsultKeyword('Checkup', false)).toBe('Checkup');
  });
});

describe('patientTurnTitle', () => {
  test("the patient never reads the clinic's '#consult' tag", () => {
    expect(patientTurnTitle('#consult')).toBe('Consultation');
    expect(patientTurnTitle('  #CONSULT ')).toBe('Consultation');
    expect(patientTurnTitle('First visit #consult')).toBe('Consultation: First visit');
    expect(patientTurnTitle('Cleaning')).toBe('Cleaning');
    expect(patientTurnTitle('Consultation requested by the patient #consult')).toBe(
      'Consultation requested by the patient',
    );
  });
});
