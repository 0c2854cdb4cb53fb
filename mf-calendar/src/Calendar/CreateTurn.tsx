import {
  ApiError,
  answer,
  api,
  formStyles,
  hoursToMinutes,
  notify,
  PatientPicker,
  TextAreaField,
  TextField,
} from '@clinic/kit';
import {
  type Clinic,
  type FieldErrors,
  firstBookableDate,
  firstOpenDate,
  isConsultation,
  MSG,
  officeHoursOf,
  type PatientListItem,
  type Turn,
  withConsultKeyword,
} from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useState } from 'react';
import styles from './Calendar.module.css';
import { checkTurnForm } from './turnForm';

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
  /** After a turn was booked, with its date. */
  onCreated: (date: string) => void;
}): ReactElement {
  const { clinic } = props;
  const tomorrow = firstBookableDate(new Date(), clinic.timeZone);
  const standardMinutes = String(hoursToMinutes(clinic.turnStandardDuration));
  const [patient, setPatient] = useState<PatientListItem | null>(null);
  const [date, setDate] = useState(
    props.defaultDate >= tomorrow ? props.defaultDate : firstOpenDate(tomorrow, officeHoursOf(clinic)),
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
    const checked = checkTurnForm(
      { patientId: patient?.ID ?? null, date, time, minutes, description },
      { tomorrow, officeHours: officeHoursOf(clinic), turnsOf: props.turnsOf },
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
        <div className={styles.pair}>
          <TextField
            name="date"
            label="Date"
            type="date"
            min={tomorrow}
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
