import { describe, expect, test } from 'vitest';
import { saveKey } from './saveOnce';

describe("a save's Idempotency-Key", () => {
  let n = 0;
  const fresh = () => `key-${++n}`;

  test('the first save has a key of its own', () => {
    expect(saveKey(null, '{"a":1}', fresh)).toEqual({ key: 'key-1', input: '{"a":1}' });
  });

  test('the same input tried again (its answer lost, or refused) is the same save', () => {
    const first = saveKey(null, '{"a":1}', fresh);
    expect(saveKey(first, '{"a":1}', fresh)).toBe(first);
  });

  test('another input is another save', () => {
    const first = saveKey(null, '{"a":1}', fresh);
    expect(saveKey(first, '{"a":2}', fresh).key).not.toBe(first.key);
  });
});
