import {
  ApiError,
  answer,
  api,
  DraftNotice,
  formStyles,
  hoursToMinutes,
  LoadFailed,
  notify,
  notifyFailure,
  PatientPicker,
  TextAreaField,
  TextField,
  useQuery,
  useSchemaForm,
  useSearchParams,
} from '@clinic/kit';
import {
  type Clinic,
  decimalToTime,
  firstOpenDate,
  isConsultation,
  localDate,
  localHours,
  MSG,
  officeHoursOf,
  type PatientListItem,
  type Turn,
  TurnInputSchema,
  timeToDecimal,
  withConsultKeyword,
} from '@clinic/worker/contract';
import { type KeyboardEvent, type ReactElement, useEffect, useState } from 'react';
import styles from './Calendar.module.css';
import { MedicField } from './MedicField';
import type { MedicColumn } from './TimeGridView';
import { checkTurnForm, type TurnFormValues, turnInput } from './turnForm';

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
  if (free.state === 'error') return <LoadFailed resource={free} />;
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

/**
 * Enter in the patient search picks its first match instead of sending the form (before any match
 * is shown it does nothing); Enter on a match, and everywhere else in the form, stays the browser's.
 */
function pickFirstOnEnter(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
  e.preventDefault();
  e.currentTarget.querySelector<HTMLButtonElement>('ul button')?.click();
}

/** Create a Turn's section: the Calendar's skip link leads here. */
export const CREATE_TURN_ID = 'create-turn';

/**
 * 'Create a Turn' as typed, each field named as the contract reports it: the chosen patient, the
 * medic, the date, 'HH:MM', the duration in minutes and the description.
 */
interface CreateTurnValues {
  PatientID: PatientListItem | null;
  MedicID: number | null;
  date: string;
  time: string;
  duration: string;
  description: string;
}

const asTurnForm = (values: CreateTurnValues): TurnFormValues => ({
  patientId: values.PatientID?.ID ?? null,
  medicId: values.MedicID,
  date: values.date,
  time: values.time,
  minutes: values.duration,
  description: values.description,
});

const toInput = (values: CreateTurnValues) => turnInput(asTurnForm(values));

/** A link that names a patient (the recall list's Book) opens the form with that patient chosen. */
function usePresetPatient(onFound: (patient: PatientListItem) => void): void {
  const [params] = useSearchParams();
  const asked = Number(params.get('patient')) || null;
  const preset = useQuery(asked === null ? null : `create-turn-patient:${asked}`, () =>
    answer(api.patients[':id'].$get({ param: { id: String(asked) } })),
  );
  const presetPatient = preset.state === 'ready' ? preset.data : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the patient is chosen once it is read, not on every render.
  useEffect(() => {
    if (!presetPatient) return;
    const { ID, name, lastName, document, email } = presetPatient;
    onFound({ ID, name, lastName, document, email });
  }, [presetPatient]);
}

/**
 * The description and its 'Consultation' box (which writes or removes the reserved word). The word
 * is explained once, under the field, from the first time it is written; a new round forgets that.
 */
function DescriptionField(props: {
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
}): ReactElement {
  const [warnedConsult, setWarnedConsult] = useState(false);
  const describe = (text: string) => {
    props.onChange(text);
    if (isConsultation(text)) setWarnedConsult(true);
  };
  return (
    <>
      <TextAreaField
        name="description"
        label="Description"
        hint={warnedConsult ? MSG.consultReserved : undefined}
        value={props.value}
        onChange={(e) => describe(e.target.value)}
        error={props.error}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={isConsultation(props.value)}
          onChange={(e) => describe(withConsultKeyword(props.value, e.target.checked))}
        />
        Consultation
      </label>
    </>
  );
}

/**
 * Create a Turn's form: the contract's turn schema on the typed values, then the rules the loaded
 * turns can judge (a date from today, a start later than now, a free slot in the office hours).
 */
function useCreateTurnForm(props: {
  clinic: Clinic;
  turnsOf: (date: string) => readonly Turn[];
  defaultDate: string;
  medics: readonly MedicColumn[];
  me: number | null;
}) {
  const { clinic } = props;
  // The turn as typed is this user's draft for the clinic (and the patient a Book link named).
  const [params] = useSearchParams();
  const scope = `turn:${clinic.ID}:${Number(params.get('patient')) || ''}`;
  // A medic may book later today: the first date is today on the clinic's clock.
  const today = localDate(new Date(), clinic.timeZone);
  const standardMinutes = String(hoursToMinutes(clinic.turnStandardDuration));
  const [initial] = useState<CreateTurnValues>(() => ({
    PatientID: null,
    MedicID: rememberedMedic(props.medics, props.me),
    date: props.defaultDate >= today ? props.defaultDate : firstOpenDate(today, officeHoursOf(clinic)),
    time: '09:00',
    duration: standardMinutes,
    description: '',
  }));
  /** The loaded turns' verdict: a date from today, a start later than now, a free slot in the office hours. */
  const checkLoaded = (values: CreateTurnValues) => {
    const now = new Date();
    return checkTurnForm(asTurnForm(values), {
      from: today,
      officeHours: officeHoursOf(clinic),
      turnsOf: props.turnsOf,
      now: { date: localDate(now, clinic.timeZone), hours: localHours(now, clinic.timeZone) },
    });
  };
  const form = useSchemaForm({
    schema: TurnInputSchema,
    initial,
    toInput,
    checks: (values) => {
      const checked = checkLoaded(values);
      if (checked.ok) return {};
      return Object.fromEntries(Object.entries(checked.errors).map(([field, e]) => [field, e?.msg]));
    },
    invalidTitle: (values) => (values.PatientID === null ? MSG.pleaseSelectPatient : MSG.invalidInput),
    draft: { scope },
  });
  return { form, initial, today, checkLoaded };
}

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
  const { form, initial, today, checkLoaded } = useCreateTurnForm(props);
  const { values } = form;
  // Each save starts a new round: the patient search forgets what was typed for the last turn.
  const [round, setRound] = useState(0);

  const pick = (p: PatientListItem | null) => {
    form.set('PatientID', p);
    if (p) void notify({ title: MSG.patientSelected, icon: 'success' });
  };
  usePresetPatient((p) => form.set('PatientID', p));

  /** After a save the form starts empty: nothing of the turn just booked is carried to the next but its medic and date. */
  const reset = () => {
    form.reset({ ...initial, MedicID: values.MedicID, date: values.date });
    setRound((n) => n + 1);
  };

  const submit = form.submit(async () => {
    // Checked again with the clock of this moment; the body is the contract's reading of the form.
    const checked = checkLoaded(values);
    if (!checked.ok) {
      form.setServerErrors(checked.errors);
      await notify({ title: MSG.invalidInput, icon: 'error' });
      return;
    }
    try {
      await answer(api.turns.$post({ json: checked.body }));
      await notify({ title: MSG.turnCreated, icon: 'success' });
      reset();
      props.onCreated(checked.body.date);
    } catch (err) {
      if (err instanceof ApiError && err.errors) form.setServerErrors(err.errors);
      // A creation failure shows its message under 'Error'; no answer at all says the form is kept.
      if (err instanceof ApiError) await notifyFailure(err);
      else await notify({ title: MSG.errorTitle, text: MSG.turnSomethingWrong, icon: 'error' });
    }
  });

  return (
    <section id={CREATE_TURN_ID} className={`card ${styles.panel}`} aria-labelledby="create-turn-title">
      <h3 id="create-turn-title">Create a Turn</h3>
      <DraftNotice
        restored={form.restored}
        onDiscard={() => {
          form.reset();
          setRound((n) => n + 1);
        }}
      />
      <form className={formStyles.compact} onSubmit={submit} noValidate>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: it only hears the Enter of the search field inside. */}
        <div onKeyDown={pickFirstOnEnter}>
          <PatientPicker
            key={`patient-${round}`}
            value={values.PatientID}
            onChange={pick}
            error={form.errorOf('PatientID')}
          />
        </div>
        <MedicField
          medics={props.medics}
          me={props.me}
          value={values.MedicID}
          onChange={(id) => {
            form.set('MedicID', id);
            if (id) remember(id);
          }}
          error={form.errorOf('MedicID')}
        />
        <div className={styles.pair}>
          <TextField name="date" label="Date" type="date" min={today} {...form.field('date')} />
          <TextField name="time" label="Time" type="time" step={900} {...form.field('time')} />
        </div>
        <FreeStarts
          date={values.date}
          medicId={values.MedicID}
          time={values.time}
          onPick={(time) => form.set('time', time)}
          tick={props.tick + round}
        />
        <TextField
          name="duration"
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={5}
          step={5}
          {...form.field('duration')}
        />
        <DescriptionField
          key={`description-${round}`}
          value={values.description}
          onChange={(text) => form.set('description', text)}
          error={form.errorOf('description')}
        />
        <button type="submit" className="btn btn-primary" disabled={form.sending}>
          {form.sending ? 'Creating…' : 'Create Turn'}
        </button>
      </form>
    </section>
  );
}
