import { useEffect, useState } from 'react';
import { dryRun, type FieldErrors } from '../api';

/**
 * Update forms re-validate with the server on every change. Sends the payload with
 * `?validate=true` a moment after the last change and answers the server's error map; an answer
 * about older values is never shown, and until one arrives the client-side check stands alone.
 */
export function useServerValidation(
  path: string | null,
  payload: unknown,
  enabled: boolean,
  method: 'PUT' | 'POST' = 'PUT',
): FieldErrors {
  const [checked, setChecked] = useState<{ body: string; errors: FieldErrors }>({ body: '', errors: {} });
  const body = JSON.stringify(payload);
  useEffect(() => {
    if (!enabled || !path) return;
    let current = true;
    const timer = setTimeout(() => {
      dryRun(method, path, JSON.parse(body))
        .then((errors) => {
          if (current) setChecked({ body, errors });
        })
        .catch(() => {
          // Offline or a server hiccup: the client-side check still guards the form.
        });
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [path, body, enabled, method]);
  return checked.body === body ? checked.errors : {};
}
