import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { AccessLogQuerySchema, accessResult, RemindersInputSchema } from './access-log';

describe('access log', () => {
  test('a status reads as done, refused or failed', () => {
    expect(accessResult(200)).toBe('Done');
    expect(accessResult(201)).toBe('Done');
    expect(accessResult(302)).toBe('Done');
    expect(accessResult(403)).toBe('Refused');
    expect(accessResult(404)).toBe('Refused');
    expect(accessResult(500)).toBe('Failed');
    expect(accessResult(503)).toBe('Failed');
  });

  test('pages like every list: 50 by default, at most 200', () => {
    expect(v.parse(AccessLogQuerySchema, {})).toEqual({ limit: 50, offset: 0 });
    expect(v.parse(AccessLogQuerySchema, { limit: '5', offset: '10' })).toEqual({ limit: 5, offset: 10 });
    expect(v.safeParse(AccessLogQuerySchema, { limit: '201' }).success).toBe(false);
    expect(v.safeParse(AccessLogQuerySchema, { offset: '-1' }).success).toBe(false);
  });

  test('the reminder setting is a boolean', () => {
    expect(v.parse(RemindersInputSchema, { enabled: false })).toEqual({ enabled: false });
    expect(v.safeParse(RemindersInputSchema, { enabled: 'false' }).success).toBe(false);
  });
});
