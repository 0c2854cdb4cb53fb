import { useRef } from 'react';
import { sendOnce, writeCounts } from '../api';

/**
 * The key a save is sent under: the same as the last save's while it sends the same input and that
 * save did not go through (no answer, or a refusal), a new one otherwise. So saving again after a
 * network blip lost the answer is the same save, and the server does it once; saving something
 * else, or the same thing again after it was saved, is a new save.
 */
export function saveKey(last: { key: string; input: string } | null, input: string, newKey: () => string) {
  return last && last.input === input ? last : { key: newKey(), input };
}

/**
 * A form's save, sent once however often it is tried: `save(input, send)` runs `send` with its
 * writes under the input's key (`saveKey`), and answers whether it was saved (some write answered
 * 2xx and none failed), which also starts the next save's key afresh.
 */
export function useSaveOnce(): <T>(input: unknown, send: () => Promise<T>) => Promise<boolean> {
  const last = useRef<{ key: string; input: string } | null>(null);
  return async (input, send) => {
    const attempt = saveKey(last.current, JSON.stringify(input) ?? '', () => crypto.randomUUID());
    last.current = attempt;
    const before = writeCounts();
    const saved = (): boolean => {
      const after = writeCounts();
      return after.ok > before.ok && after.failed === before.failed;
    };
    try {
      await sendOnce(attempt.key, send);
    } finally {
      if (saved()) last.current = null;
    }
    return saved();
  };
}
