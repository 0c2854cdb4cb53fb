import {
  answer,
  api,
  formatDate,
  LoadFailed,
  notify,
  notifyFailure,
  PatientPicker,
  SelectField,
  TextField,
  useQuery,
} from '@clinic/kit';
import {
  DAY_PARTS,
  type DayPart,
  decimalToTime,
  MSG,
  type PatientListItem,
  type WaitlistEntry,
} from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useState } from 'react';
import { MedicField, useClinicMedics } from '../Calendar/MedicField';
import styles from './Waitlist.module.css';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const PART_LABEL: Record<DayPart, string> = { morning: 'Morning', afternoon: 'Afternoon', any: 'Any time' };
const STATE_LABEL = {
  sent: 'Offered',
  won: 'Took it',
  taken: 'Taken by another',
  expired: 'Expired',
} as const;

/** "Mon, Wed" or "Every day". */
const daysText = (days: readonly number[]) =>
  days.length === 7 ? 'Every day' : days.map((d) => WEEKDAYS[d]).join(', ');

/** The desk's waitlist: who waits for which window, the offers each was sent; add a patient; offer a start by hand. */
export function Waitlist(): ReactElement {
  const [tick, setTick] = useState(0);
  const list = useQuery('waitlist', () => answer(api.waitlist.$get()), { tick });
  const refresh = () => setTick((t) => t + 1);

  return (
    <div className={styles.page}>
      <section className="card" aria-labelledby="waitlist-title">
        <h2 id="waitlist-title">Waitlist</h2>
        {list.state === 'loading' ? (
          <p className="muted" role="status">
            Loading the waitlist...
          </p>
        ) : list.state === 'error' ? (
          <LoadFailed resource={list} />
        ) : list.data.length === 0 ? (
          <p className="muted">{MSG.waitlistEmpty}</p>
        ) : (
          <ul className="record-list" aria-label="Waiting patients">
            {list.data.map((entry) => (
              <EntryRow key={entry.ID} entry={entry} onChanged={refresh} />
            ))}
          </ul>
        )}
      </section>
      <AddToWaitlist onAdded={refresh} />
      <OfferByHand onOffered={refresh} />
    </div>
  );
}

function EntryRow(props: { entry: WaitlistEntry; onChanged: () => void }): ReactElement {
  const { entry } = props;
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await answer(api.waitlist[':id'].$delete({ param: { id: String(entry.ID) } }));
      props.onChanged();
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="record" data-waitlist-entry={entry.ID}>
      <strong>{entry.patientName}</strong>{' '}
      {entry.telephone ? <span className="muted">{entry.telephone}</span> : null}
      <p>
        {formatDate(entry.from)} – {formatDate(entry.to)} · {daysText(entry.days)} · {PART_LABEL[entry.part]}
        {entry.bookedTurnID ? ' · Booked from an offer' : ''}
      </p>
      {entry.offers.length > 0 ? (
        <ul aria-label={`Offers to ${entry.patientName}`}>
          {entry.offers.map((o) => (
            <li key={o.ID}>
              {formatDate(o.date)} {decimalToTime(o.time)}: {STATE_LABEL[o.state]}
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={remove}>
        Remove from the waitlist
      </button>
    </li>
  );
}

function AddToWaitlist(props: { onAdded: () => void }): ReactElement {
  const [patient, setPatient] = useState<PatientListItem | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [part, setPart] = useState<DayPart>('any');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await answer(api.waitlist.$post({ json: { PatientID: patient?.ID ?? 0, from, to, part } }));
      setPatient(null);
      void notify({ title: MSG.waitlistJoined, icon: 'success' });
      props.onAdded();
    } catch (err) {
      const fields = (err as { errors?: Record<string, { msg: string }> }).errors;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.msg])));
      else await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="waitlist-add-title">
      <h3 id="waitlist-add-title">Add a patient to the waitlist</h3>
      <form onSubmit={submit} className={styles.form} noValidate>
        <PatientPicker value={patient} onChange={setPatient} error={errors.PatientID} />
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
        <SelectField
          name="part"
          label="Part of the day"
          value={part}
          onChange={(e) => setPart(e.target.value as DayPart)}
          options={DAY_PARTS.map((p) => ({ value: p, label: PART_LABEL[p] }))}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Add to the waitlist
        </button>
      </form>
    </section>
  );
}

/** The desk offers a free start in a medic's book (the signed-in medic's unless another is chosen). */
function OfferByHand(props: { onOffered: () => void }): ReactElement {
  const { medicsLoad, me } = useClinicMedics();
  const [chosenMedic, setMedic] = useState<number | null>(null);
  const medicId = chosenMedic ?? me;
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [minutes, setMinutes] = useState('30');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const [h, m] = time.split(':').map(Number);
    setBusy(true);
    setErrors({});
    try {
      const done = await answer(
        api.waitlist.offer.$post({
          json: {
            date,
            time: (h ?? 0) + (m ?? 0) / 60,
            duration: Number(minutes) / 60,
            ...(medicId === null ? {} : { MedicID: medicId }),
          },
        }),
      );
      void notify({
        title: `Offered to ${done.offered} waiting patient${done.offered === 1 ? '' : 's'}.`,
        icon: 'success',
      });
      props.onOffered();
    } catch (err) {
      const fields = (err as { errors?: Record<string, { msg: string }> }).errors;
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.msg])));
      else await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="waitlist-offer-title">
      <h3 id="waitlist-offer-title">Offer a free start</h3>
      <form onSubmit={submit} className={styles.form} noValidate>
        <MedicField
          name="offerMedic"
          medics={medicsLoad.state === 'ready' ? medicsLoad.data : []}
          me={me}
          value={medicId}
          onChange={setMedic}
          error={errors.MedicID}
        />
        <TextField
          name="offerDate"
          label="Date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          error={errors.date}
        />
        <TextField
          name="offerTime"
          label="Time"
          type="time"
          value={time}
          onChange={(e) => setTime(e.target.value)}
          error={errors.time}
        />
        <TextField
          name="offerMinutes"
          label="Duration (minutes)"
          type="number"
          min={5}
          step={5}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          error={errors.duration}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Offer to the waitlist
        </button>
      </form>
    </section>
  );
}
