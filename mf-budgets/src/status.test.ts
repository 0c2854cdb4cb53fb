import { describe, expect, test } from 'vitest';
import { statusLabel } from './status';

describe("a budget's payment status", () => {
  test("reads 'Partly paid' while part of it is paid, not 'Pending'", () => {
    expect(statusLabel({ paid: false, status: 'Partly paid' })).toBe('Partly paid');
  });
  test("reads SPEC's 'Pending' while nothing is paid and 'Completed' once paid", () => {
    expect(statusLabel({ paid: false, status: 'Pending' })).toBe('Pending');
    expect(statusLabel({ paid: true, status: 'Completed' })).toBe('Completed');
  });
  test("reads 'Voided' for a voided budget", () => {
    expect(statusLabel({ paid: false, status: 'Voided' })).toBe('Voided');
  });
});
