import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import { turnInvitation } from './ics';

const base = {
  method: 'REQUEST' as const,
  turnId: 42,
  date: '2026-12-01',
  time: 9.5,
  duration: 0.75,
  timeZone: 'America/Argentina/Buenos_Aires',
  summary: 'Turn at Sonrisas, Centro; with Dr. Medina',
  location: 'Main 1, Springfield',
  description: 'Line one\nLine two, with a comma; and a semicolon',
  organizer: { name: 'Sonrisas "Centro"', email: 'clinic@clinic.test' },
  attendee: { name: 'Homer Simpson', email: 'homer@clinic.test' },
  domain: 'clinic.test',
  now: new Date('2026-11-20T12:00:00Z'),
  confirmed: true,
};

describe('the turn invitation (.ics)', () => {
  test('parses with an iCalendar library: the start in the clinic zone, its end, text as written', () => {
    const ics = turnInvitation(base);
    expect(ics).toMatch(/\r\n$/);
    for (const line of ics.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.uid).toBe('turn-42@clinic.test');
    // 09:30 in Buenos Aires (UTC-3) is 12:30 UTC
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T12:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T13:15:00.000Z');
    expect(event.summary).toBe(base.summary);
    expect(event.description).toBe(base.description);
    expect(event.location).toBe(base.location);
  });

  test('a turn both sides accepted is CONFIRMED; one still waiting for a side is TENTATIVE', () => {
    const status = (confirmed: boolean) =>
      new ICAL.Component(ICAL.parse(turnInvitation({ ...base, confirmed })))
        .getFirstSubcomponent('vevent')
        ?.getFirstPropertyValue('status');
    expect(status(true)).toBe('CONFIRMED');
    expect(status(false)).toBe('TENTATIVE');
  });

  test('a cancellation keeps the UID and says CANCELLED', () => {
    const calendar = new ICAL.Component(ICAL.parse(turnInvitation({ ...base, method: 'CANCEL' })));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    const event = calendar.getFirstSubcomponent('vevent');
    expect(event?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event?.getFirstPropertyValue('uid')).toBe('turn-42@clinic.test');
  });
});
