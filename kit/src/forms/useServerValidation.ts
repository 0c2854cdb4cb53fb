import { useEffect, useRef, useState } from 'react';
import { type DryRun, dryRun, type FieldErrors } from '../api';

/**
 * Update forms re-validate with the server on every change. Sends the payload as the dry run of
 * the form's write (`validate`, a typed call with DRY_RUN) a moment after the last change and
 * answers the server's error map; an answer about older values is never shown, and until one
 * arrives the client-side check stands alone.
 */
export function useServerValidation<P>(
  validate: DryRun<P> | undefined,
  payload: P,
  enabled: boolean,
): FieldErrors {
  const [checked, setChecked] = useState<{ body: string; errors: FieldErrors }>({ body: '', errors: {} });
  const body = JSON.stringify(payload);
  // The latest call, without restarting the wait when a screen passes a new function each render.
  const call = useRef(validate);
  call.current = validate;
  const active = enabled && validate !== undefined;
  useEffect(() => {
    if (!active) return;
    let current = true;
    const timer = setTimeout(() => {
      const send = call.current;
      if (!send) return;
      dryRun(send(JSON.parse(body) as P))
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
  }, [body, active]);
  return checked.body === body ? checked.errors : {};
}
