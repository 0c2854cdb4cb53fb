import { notify } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import { useEffect } from 'react';

let shown = false;

/**
 * A first social sign-in creates an incomplete patient: once per visit, tell them
 * to complete their data ('Please complete your information!').
 */
export function CompleteInfoNotice(): null {
  useEffect(() => {
    if (shown) return;
    shown = true;
    void notify({ title: MSG.completeYourInformation, icon: 'warning' });
  }, []);
  return null;
}
