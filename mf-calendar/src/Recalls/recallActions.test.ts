import { describe, expect, test } from 'vitest';
import { recallActions } from './recallActions';

describe('the actions a recall offers', () => {
  test('an open recall due this month or overdue offers Contacted, Dismiss and Book', () => {
    expect(recallActions('due', 'open')).toEqual({ contacted: true, dismiss: true, book: true });
    expect(recallActions('overdue', 'open')).toEqual({ contacted: true, dismiss: true, book: true });
  });

  test('a contacted recall is no longer marked contacted, but may still be dismissed or booked', () => {
    expect(recallActions('contacted', 'contacted')).toEqual({ contacted: false, dismiss: true, book: true });
  });

  test('on the Booked tab nothing asks to contact or book a patient who has a turn, whatever the status', () => {
    for (const status of ['open', 'contacted', 'booked'] as const) {
      expect(recallActions('booked', status)).toMatchObject({ contacted: false, book: false });
    }
    // dismissing stays as the status allows
    expect(recallActions('booked', 'open').dismiss).toBe(true);
    expect(recallActions('booked', 'booked').dismiss).toBe(false);
  });
});
