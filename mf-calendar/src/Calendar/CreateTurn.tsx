import {
  ApiError,
  answer,
  api,
  formStyles,
  hoursToMinutes,
  notify,
  PatientPicker,
  SelectField,
  TextAreaField,
  TextField,
  useQuery,
  useSearchParams,
} from '@clinic/kit';
import {
  type Clinic,
  decimalToTime,
  type FieldErrors,
  firstOpenDate,
  isConsultation,
  localDate,
  localHours,
  MSG,
  officeHoursOf,
  type PatientListItem,
  type Turn,
  timeToDecimal,
  withConsultKeyword,
} from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useEffect, useState } from 'react';
import styles from './Calendar.module.css';
import type { MedicColumn } from './TimeGridView';
import { checkTurnForm } from './turnForm';

/** This device remembers the medic the desk last booked for. */
const MEDIC_KEY = 'clinic.createTurn.medic';

function rememberedMedic(medics: readonly MedicColumn[], me: number | null): number | null {
  let kept: number | null = null;
  try {
    kept = Number(localStorage.getItem(MEDIC_KEY)) || null;
  } catch {
    kept = null;
  }
  if (kept !== null && medics.some((m) => m.id === kept)) return kept;
  return me;
}

function remember(medicId: number): void {
  try {
    localStorage.setItem(MEDIC_KEY, String(medicId));
  } catch {
    // storage may be off: the default is then the signed-in medic
  }
}

/** The chosen medic's free starts of the day, as buttons that set the time (as the portal offers them). */
function FreeStarts(props: {
  date: string;
  medicId: number | null;
  time: string;
  onPick: (time: string) => void;
  tick: number;
}): ReactElement | null {
  const { date, medicId } = props;
  const key = date ? `calendar:free:${date}:${medicId ?? ''}` : null;
  const free = useQuery(
    key,
    // The typed client takes the ID as a number and sends it as query text.
    () => answer(api.turns.free.$get({ query: { date, MedicID: medicId ?? undefined } })),
    { tick: props.tick },
  );
  if (!date) return null;
  if (free.state === 'error') return <p role="alert">{free.msg}</p>;
  if (free.state !== 'ready') {
    return (
      <p className="muted" role="status">
        {MSG.loadingTurns}
      </p>
    );
  }
  if (free.data.slots.length === 0) return <p className="muted">{MSG.noAvailableTurns}</p>;
  const chosen = timeToDecimal(props.time, { exact: true });
  return (
    <fieldset className={styles.freeStarts}>
      <legend>Free starts</legend>
      {free.data.slots.map((slot) => (
        <button
          key={slot}
          type="button"
          className={chosen === slot ? `${styles.freeStart} ${styles.chosenStart}` : styles.freeStart}
          aria-pressed={chosen === slot}
          onClick={() => props.onPick(decimalToTime(slot))}
        >
          {decimalToTime(slot)}
        </button>
      ))}
    </fieldset>
  );
}

/** Create a Turn's section: the Calendar's skip link leads here. */
export const CREATE_TURN_ID = 'create-turn';

/**
 * 'Create a Turn': patient, date and time, duration in minutes, description. The
 * rules are checked here first with the turns already loaded, then by the server, which
 * books atomically (someone else may have taken the slot meanwhile).
 */
export function CreateTurn(props: {
  clinic: Clinic;
  turnsOf: (date: string) => readonly Turn[];
  defaultDate: string;
  /** The clinic's approved medics (the Medic field), and the signed-in medic's ID (its default). */
  medics: readonly MedicColumn[];
  me: number | null;
  /** Re-reads the free starts when the live agenda announces a change. */
  tick: number;
  /** After a turn was booked, with its date. */
  onCreated: (date: string) => void;
}): ReactElement {
  const { clinic } = props;
  // A medic may book later today: the first date is today on the clinic's clock.
  const today = localDate(new Date(), clinic.timeZone);
  const standardMinutes = String(hoursToMinutes(clinic.turnStandardDuration));
  const [patient, setPatient] = useState<PatientListItem | null>(null);
  const [medicId, setMedicId] = useState<number | null>(() => rememberedMedic(props.medics, props.me));
  const [date, setDate] = useState(
    props.defaultDate >= today ? props.defaultDate : firstOpenDate(today, officeHoursOf(clinic)),
  );
  const [time, setTime] = useState('09:00');
  const [minutes, setMinutes] = useState(standardMinutes);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  // The reserved word is explained once, under the field, from the first time it is written.
  const [warnedConsult, setWarnedConsult] = useState(false);
  // Each save starts a new round: the patient search forgets what was typed for the last turn.
  const [round, setRound] = useState(0);

  // A link that names a patient (the recall list's Book) opens the form with that patient chosen.
  const [params] = useSearchParams();
  const asked = Number(params.get('patient')) || null;
  const preset = useQuery(asked === null ? null : `create-turn-patient:${asked}`, () =>
    answer(api.patients[':id'].$get({ param: { id: String(asked) } })),
  );
  const presetPatient = preset.state === 'ready' ? preset.data : null;
  useEffect(() => {
    if (!presetPatient) return;
    const { ID, name, lastName, document, email } = presetPatient;
    setPatient({ ID, name, lastName, document, email });
  }, [presetPatient]);

  const pick = (p: PatientListItem | null) => {
    setPatient(p);
    setErrors(({ PatientID: _, ...rest }) => rest);
    if (p) void notify({ title: MSG.patientSelected, icon: 'success' });
  };

  const describe = (text: string) => {
    setDescription(text);
    if (isConsultation(text)) setWarnedConsult(true);
  };

  /** After a save the form starts empty: nothing of the turn just booked is carried to the next. */
  const reset = () => {
    setPatient(null);
    setTime('09:00');
    setMinutes(standardMinutes);
    setDescription('');
    setErrors({});
    setWarnedConsult(false);
    setRound((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const now = new Date();
    const checked = checkTurnForm(
      { patientId: patient?.ID ?? null, medicId, date, time, minutes, description },
      {
        from: today,
        officeHours: officeHoursOf(clinic),
        turnsOf: props.turnsOf,
        now: { date: localDate(now, clinic.timeZone), hours: localHours(now, clinic.timeZone) },
      },
    );
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      const title = checked.errors.PatientID ? MSG.pleaseSelectPatient : MSG.invalidInput;
      await notify({ title, icon: 'error' });
      return;
    }
    setSending(true);
    try {
      await answer(api.turns.$post({ json: checked.body }));
      await notify({ title: MSG.turnCreated, icon: 'success' });
      reset();
      props.onCreated(checked.body.date);
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors);
      // A creation failure shows its message under 'Error'.
      await notify({
        title: MSG.errorTitle,
        text: err instanceof ApiError ? err.msg : MSG.turnSomethingWrong,
        icon: 'error',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <section id={CREATE_TURN_ID} className={`card ${styles.panel}`} aria-labelledby="create-turn-title">
      <h3 id="create-turn-title">Create a Turn</h3>
      <form className={formStyles.compact} onSubmit={submit} noValidate>
        <PatientPicker key={round} value={patient} onChange={pick} error={errors.PatientID?.msg} />
        {props.medics.length > 0 ? (
          <SelectField
            name="MedicID"
            label="Medic"
            value={medicId === null ? '' : String(medicId)}
            onChange={(e) => {
              const id = Number(e.target.value);
              setMedicId(id || null);
              if (id) remember(id);
            }}
            options={props.medics.map((m) => ({
              value: String(m.id),
              label: m.id === props.me ? `${m.title} (you)` : m.title,
            }))}
            error={errors.MedicID?.msg}
          />
        ) : null}
        <div className={styles.pair}>
          <TextField
            name="date"
            label="Date"
            type="date"
            min={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            error={errors.date?.msg}
          />
          <TextField
            name="time"
            label="Time"
            type="time"
            step={900}
            value={time}
            onChange={(e) => setTime(e.target.value)}
            error={errors.time?.msg}
          />
        </div>
        <FreeStarts date={date} medicId={medicId} time={time} onPick={setTime} tick={props.tick + round} />
        <TextField
          name="duration"
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={5}
          step={5}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          error={errors.duration?.msg}
        />
        <TextAreaField
          name="description"
          label="Description"
          hint={warnedConsult ? MSG.consultReserved : undefined}
          value={description}
          onChange={(e) => describe(e.target.value)}
          error={errors.description?.msg}
        />
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={isConsultation(description)}
            onChange={(e) => describe(withConsultKeyword(description, e.target.checked))}
          />
          Consultation
        </label>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? 'Creating…' : 'Create Turn'}
        </button>
      </form>
    </section>
  );
}
