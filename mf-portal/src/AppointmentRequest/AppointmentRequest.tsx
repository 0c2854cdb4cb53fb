import {
  answer,
  api,
  Loaded,
  LoadFailed,
  notify,
  notifyFailure,
  Page,
  type Resource,
  SelectField,
  TextField,
  useClinic,
  useLiveTurns,
  useQuery,
  useSaveOnce,
} from '@clinic/kit';
import {
  appointmentWatch,
  type Clinic,
  decimalToTime,
  firstBookableDate,
  firstOpenDate,
  localDate,
  MSG,
  officeHoursOf,
} from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { useConsultationPrice } from '../consultationPrice';
import { useDependants } from '../useDependants';
import styles from './AppointmentRequest.module.css';
import { heldConsultation } from './consultation';
import { MyTurns, useMyTurns } from './MyTurns';

/**
 * /home/appointment: choose a date from tomorrow and one of its free slots (office hours,
 * standard turn duration, what is booked) and ask for a consultation; below, the patient's turns.
 */
export function AppointmentRequest(): ReactElement {
  const clinic = useClinic();
  if (clinic.state === 'missing') {
    return (
      <Page title="medical appointment request" width="narrow">
        <p role="alert">{MSG.noClinicForTurns}</p>
      </Page>
    );
  }
  return (
    <Loaded resource={clinic} title="medical appointment request" width="narrow">
      {(data) => <Appointments clinic={data} />}
    </Loaded>
  );
}

/** The date, the day's free slots as radio buttons, and 'Request consultation'. */
function SlotPicker(props: {
  day: string;
  tomorrow: string;
  /** The day's free starts, in decimal hours, as the server answered them. */
  free: Resource<{ date: string; slots: number[] }>;
  time: number | null;
  sending: boolean;
  onDate: (date: string) => void;
  onTime: (time: number) => void;
  onRequest: () => void;
}): ReactElement {
  const { day, tomorrow, free, time, sending } = props;
  const slots = free.state === 'ready' && free.data.date === day ? free.data.slots : null;
  return (
    <>
      <TextField
        name="date"
        label="Date"
        type="date"
        min={tomorrow}
        value={day}
        onChange={(e) => props.onDate(e.target.value || tomorrow)}
        error={day < tomorrow ? MSG.chooseFromTomorrow : undefined}
      />
      {free.state === 'error' ? (
        <LoadFailed resource={free} />
      ) : slots === null ? (
        <p className="muted" role="status">
          {MSG.loadingTurns}
        </p>
      ) : slots.length === 0 || day < tomorrow ? (
        <p className={styles.empty}>{MSG.noAvailableTurns}</p>
      ) : (
        <fieldset className={styles.slots}>
          <legend>Available turns</legend>
          {slots.map((slot) => (
            <label key={slot} className={time === slot ? `${styles.slot} ${styles.chosen}` : styles.slot}>
              <input
                type="radio"
                name="slot"
                value={slot}
                checked={time === slot}
                onChange={() => props.onTime(slot)}
              />
              {decimalToTime(slot)}
            </label>
          ))}
        </fieldset>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={time === null || sending}
        onClick={props.onRequest}
      >
        {sending ? 'Requesting…' : 'Request consultation'}
      </button>
    </>
  );
}

function Appointments({ clinic }: { clinic: Clinic }): ReactElement {
  const tomorrow = firstBookableDate(new Date(), clinic.timeZone);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  // A guardian asks for themselves or for one of their dependants (the home's links name one: ?for=).
  const dependants = useDependants();
  const [forId, setForId] = useState<number | null>(() => {
    const asked = Number(new URLSearchParams(window.location.search).get('for'));
    return Number.isSafeInteger(asked) && asked > 0 ? asked : null;
  });
  const dependantList = dependants.state === 'ready' ? dependants.data : [];
  const forDependant = dependantList.some((d) => d.ID === forId) ? forId : null;
  const day = date ?? firstOpenDate(tomorrow, officeHoursOf(clinic));
  // My turns and the day's free slots are refetched when a change on their dates is announced.
  const [tick, refresh] = useLiveTurns(appointmentWatch(localDate(new Date(), clinic.timeZone), day));
  const mine = useMyTurns(tick, clinic.timeZone);
  const price = useConsultationPrice();
  // One consultation turn at a time: a patient who has one ahead is told so before picking a slot.
  const hasConsultation =
    forDependant === null && mine.state === 'ready' && heldConsultation(mine.data, tomorrow) !== undefined;
  const free = useQuery(
    hasConsultation ? null : `free-slots:${day}`,
    () => answer(api.turns.free.$get({ query: { date: day } })),
    { tick },
  );

  const saveOnce = useSaveOnce();
  const requestConsultation = async () => {
    if (time === null) return;
    setSending(true);
    try {
      // Sent once however often it is tried: asking again after a blip lost the answer is the same request.
      const json = forDependant === null ? { date: day, time } : { date: day, time, PatientID: forDependant };
      await saveOnce(json, () => answer(api.turns.$post({ json })));
      await notify({ title: MSG.consultationTurnCreated, icon: 'success' });
      setTime(null);
      refresh();
    } catch (err) {
      // A creation failure shows its message under 'Error'.
      await notifyFailure(err);
      refresh();
    } finally {
      setSending(false);
    }
  };

  const slots = free.state === 'ready' && free.data.date === day ? free.data.slots : null;
  // The first load shows one status line until the price, the patient's turns and the day's slots
  // have all arrived, then everything at once: nothing already on a phone's screen is pushed down.
  const [settled, setSettled] = useState(false);
  const loading =
    price.state === 'loading' ||
    mine.state === 'loading' ||
    (!hasConsultation && slots === null && free.state !== 'error');
  if (!settled && !loading) setSettled(true);
  return (
    <Page title="medical appointment request" width="narrow">
      <section className="card" aria-labelledby="request-title">
        <h3 id="request-title" className={styles.heading}>
          Request a consultation
        </h3>
        {dependantList.length > 0 ? (
          <SelectField
            name="for"
            label="For"
            value={forDependant === null ? '' : String(forDependant)}
            onChange={(e) => setForId(Number(e.target.value) || null)}
            options={[
              { value: '', label: 'Myself' },
              ...dependantList.map((d) => ({ value: String(d.ID), label: d.fullName })),
            ]}
          />
        ) : null}
        {settled && price.state === 'ready' ? (
          <p className={styles.price}>A consultation costs {price.data}.</p>
        ) : null}
        {!settled || mine.state === 'loading' ? (
          <p className="muted" role="status">
            {MSG.loadingTurns}
          </p>
        ) : hasConsultation ? (
          <p className={styles.empty} role="status">
            {MSG.alreadyHaveConsultation}
          </p>
        ) : (
          <SlotPicker
            day={day}
            tomorrow={tomorrow}
            free={free}
            time={time}
            sending={sending}
            onDate={(picked) => {
              setDate(picked);
              setTime(null);
            }}
            onTime={setTime}
            onRequest={requestConsultation}
          />
        )}
      </section>
      {settled ? <MyTurns load={mine} timeZone={clinic.timeZone} onChanged={refresh} /> : null}
    </Page>
  );
}
