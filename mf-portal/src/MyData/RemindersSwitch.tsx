import { answer, api, LoadFailed, notifyFailure, useQuery } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';

/** My data: the patient switches the reminder mail the day before each turn on or off. */
export function RemindersSwitch(): ReactElement {
  const loaded = useQuery('reminders', () => answer(api.reminders.$get()));
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const value = enabled ?? (loaded.state === 'ready' ? loaded.data.enabled : null);

  const change = async (next: boolean) => {
    setBusy(true);
    try {
      const saved = await answer(api.reminders.$put({ json: { enabled: next } }));
      setEnabled(saved.enabled);
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };

  if (loaded.state === 'error') return <LoadFailed resource={loaded} />;
  return (
    <div>
      <label>
        <input
          type="checkbox"
          name="reminders"
          checked={value ?? false}
          disabled={value === null || busy}
          onChange={(e) => change(e.target.checked)}
        />{' '}
        {MSG.remindersLabel}
      </label>
      <p className="muted" role="status">
        {value === null ? '' : value ? MSG.remindersOn : MSG.remindersOff}
      </p>
    </div>
  );
}
