import {
  answer,
  api,
  formatDate,
  LoadFailed,
  notify,
  notifyFailure,
  SelectField,
  TextField,
  useQuery,
} from '@clinic/kit';
import { DAY_PARTS, type DayPart, MSG, type WaitlistEntry } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useState } from 'react';
import styles from './MyWaitlist.module.css';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const PART_LABEL: Record<DayPart, string> = { morning: 'Morning', afternoon: 'Afternoon', any: 'Any time' };

/**
 * The patient's waitlist: join with a window of dates, weekdays and a part of the day, see their
 * entries and leave one; and their recall due date, when a check-up is due.
 */
export function MyWaitlist(): ReactElement {
  const [tick, setTick] = useState(0);
  const list = useQuery('my-waitlist', () => answer(api.waitlist.$get()), { tick });
  const recall = useQuery('my-recall', () => answer(api.recalls.mine.$get()));
  const refresh = () => setTick((t) => t + 1);

  return (
    <div className={styles.page}>
      <section className="card" aria-labelledby="recall-title">
        <h2 id="recall-title">Check-up</h2>
        {recall.state === 'ready' ? (
          <p>
            {recall.data.dueDate
              ? `Your next check-up is due on ${formatDate(recall.data.dueDate)}.`
              : 'No check-up is due.'}
          </p>
        ) : recall.state === 'error' ? (
          <LoadFailed resource={recall} />
        ) : (
          <p className="muted" role="status">
            Loading...
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="my-waitlist-title">
        <h2 id="my-waitlist-title">My waitlist</h2>
        <p className="muted">
          When a turn in your window comes free, we e-mail you an offer; the first patient to take it gets it.
        </p>
        {list.state === 'loading' ? (
          <p className="muted" role="status">
            Loading...
          </p>
        ) : list.state === 'error' ? (
          <LoadFailed resource={list} />
        ) : list.data.length === 0 ? (
          <p className="muted">You are not on the waitlist.</p>
        ) : (
          <ul className="record-list" aria-label="My waitlist entries">
            {list.data.map((entry) => (
              <MyEntry key={entry.ID} entry={entry} onLeft={refresh} />
            ))}
          </ul>
        )}
      </section>
      <JoinWaitlist onJoined={refresh} />
    </div>
  );
}

function MyEntry(props: { entry: WaitlistEntry; onLeft: () => void }): ReactElement {
  const { entry } = props;
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    try {
      await answer(api.waitlist[':id'].$delete({ param: { id: String(entry.ID) } }));
      void notify({ title: MSG.waitlistLeft, icon: 'success' });
      props.onLeft();
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  const days = entry.days.length === 7 ? 'any day' : entry.days.map((d) => WEEKDAYS[d]).join(', ');
  return (
    <li className="record">
      <p>
        {formatDate(entry.from)} – {formatDate(entry.to)}, {days}, {PART_LABEL[entry.part].toLowerCase()}
        {entry.bookedTurnID ? ' (you took an offered turn)' : ''}
      </p>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={leave}>
        Leave the waitlist
      </button>
    </li>
  );
}

function JoinWaitlist(props: { onJoined: () => void }): ReactElement {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [days, setDays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [part, setPart] = useState<DayPart>('any');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const toggle = (d: number) =>
    setDays((old) => (old.includes(d) ? old.filter((x) => x !== d) : [...old, d]));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await answer(api.waitlist.$post({ json: { from, to, days, part } }));
      void notify({ title: MSG.waitlistJoined, icon: 'success' });
      props.onJoined();
    } catch (err) {
      const fields = (err as { errors?: Record<string, { msg: string }> }).errors;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.msg])));
      else await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="join-title">
      <h2 id="join-title">Join the waitlist</h2>
      <form onSubmit={submit} className={styles.form} noValidate>
        <TextField
          name="from"
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={errors.from}
        />
        <TextField
          name="to"
          label="To"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={errors.to}
        />
        <fieldset className={styles.days} aria-describedby={errors.days ? 'days-error' : undefined}>
          <legend>Days</legend>
          {WEEKDAYS.map((name, d) => (
            <label key={name}>
              <input type="checkbox" name="days" checked={days.includes(d)} onChange={() => toggle(d)} />{' '}
              {name}
            </label>
          ))}
        </fieldset>
        {errors.days ? (
          <p id="days-error" role="alert">
            {errors.days}
          </p>
        ) : null}
        <SelectField
          name="part"
          label="Part of the day"
          value={part}
          onChange={(e) => setPart(e.target.value as DayPart)}
          options={DAY_PARTS.map((p) => ({ value: p, label: PART_LABEL[p] }))}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Join the waitlist
        </button>
      </form>
    </section>
  );
}
