import {
  notify,
  notifyFailure,
  Page,
  request,
  Spinner,
  TextAreaField,
  TextField,
  todayIso,
  useNavigate,
  useParams,
} from '@clinic/kit';
import { type Me, MSG, pickOne, type Tooth, type Treatment } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useEffect, useId, useState } from 'react';
import { ToothChart } from '../ToothChart/ToothChart';
import styles from './AddEvolution.module.css';

type Options = { teeth: Tooth[]; treatments: Treatment[]; me: Me };
type Load = { state: 'loading' } | { state: 'error'; msg: string } | { state: 'ready'; options: Options };

const selectedValues = (el: HTMLSelectElement): string[] => Array.from(el.selectedOptions, (o) => o.value);

/**
 * /home/addEvolution/{patientID}: observations, ONE treatment, ONE tooth on the chart, date. The
 * medic is the one signed in (the server records them as the author), shown but not chosen.
 */
export function AddEvolution(): ReactElement {
  const { patientID } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    Promise.all([
      request<Tooth[]>('GET', '/tooth'),
      request<Treatment[]>('GET', '/treatments?limit=200'),
      request<Me>('GET', '/me'),
    ]).then(
      ([teeth, treatments, me]) => setLoad({ state: 'ready', options: { teeth, treatments, me } }),
      (err: unknown) =>
        setLoad({ state: 'error', msg: err instanceof Error ? err.message : MSG.somethingWentWrong }),
    );
  }, []);
  if (load.state === 'loading') return <Spinner />;
  if (load.state === 'error') {
    return (
      <Page title="Add Evolution" width="narrow">
        <p role="alert">{load.msg}</p>
      </Page>
    );
  }
  return <EvolutionForm patientId={Number(patientID)} options={load.options} />;
}

function EvolutionForm({ patientId, options }: { patientId: number; options: Options }): ReactElement {
  const navigate = useNavigate();
  const ids = useId();
  const [observations, setObservations] = useState('');
  const [date, setDate] = useState(todayIso());
  const [treatments, setTreatments] = useState<string[]>([]);
  const [teeth, setTeeth] = useState<number[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);

  const treatment = pickOne(treatments, MSG.onlyOneTreatment);
  const tooth = pickOne(teeth, MSG.onlyOneTooth);
  // The ONE-only messages show at once; the 'fill' ones after a first submit.
  const errorOf = (pick: { ok: true } | { ok: false; error: string }): string | undefined =>
    pick.ok ? undefined : pick.error !== MSG.fillAllFields || submitted ? pick.error : undefined;
  const complete = observations.trim() !== '' && date !== '' && treatment.ok && tooth.ok;

  const toggleTooth = (id: number): void =>
    setTeeth((t) => (t.includes(id) ? t.filter((x) => x !== id) : [...t, id]));

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSubmitted(true);
    if (!treatment.ok || !tooth.ok || !complete) {
      const one = [treatment, tooth].find((p) => !p.ok && p.error !== MSG.fillAllFields);
      await notify({ title: one && !one.ok ? one.error : MSG.fillAllFields, icon: 'warning' });
      return;
    }
    setSending(true);
    try {
      await request('POST', '/evolutions', {
        date,
        observations,
        PatientID: patientId,
        TreatmentID: treatment.value,
        toothID: tooth.value,
      });
      await notify({ title: MSG.evolutionAdded, icon: 'success' });
      void navigate(`/home/${patientId}`);
    } catch (err) {
      await notifyFailure(err, MSG.evolutionError);
    } finally {
      setSending(false);
    }
  };

  const toothError = errorOf(tooth);
  const treatmentError = errorOf(treatment);
  return (
    <Page title="Add Evolution" width="wide">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextAreaField
          name="observations"
          label="Observations"
          rows={4}
          value={observations}
          error={submitted && observations.trim() === '' ? MSG.fillAllFields : undefined}
          onChange={(e) => setObservations(e.target.value)}
        />
        <fieldset className={styles.chart}>
          <legend>Tooth</legend>
          <ToothChart
            teeth={options.teeth}
            selected={teeth}
            onToggle={toggleTooth}
            describedBy={toothError ? `${ids}-tooth` : undefined}
          />
          <p className="muted">Selected: {teeth.length > 0 ? teeth.join(', ') : 'none'}</p>
          {toothError ? (
            <p id={`${ids}-tooth`} className={styles.error} role="alert">
              {toothError}
            </p>
          ) : null}
        </fieldset>
        <div className={styles.row}>
          <MultiSelect
            id={`${ids}-treatment`}
            label="Treatment"
            values={treatments}
            options={options.treatments.map((t) => ({ value: t.ID, label: `${t.ID} · ${t.description}` }))}
            error={treatmentError}
            onChange={setTreatments}
          />
          <TextField
            name="medic"
            label="Medic"
            value={[options.me.doctorTitle, options.me.name, options.me.lastName].filter(Boolean).join(' ')}
            readOnly
          />
          <TextField
            name="date"
            label="Date"
            type="date"
            value={date}
            error={submitted && date === '' ? MSG.fillAllFields : undefined}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          Save evolution
        </button>
      </form>
    </Page>
  );
}

function MultiSelect(props: {
  id: string;
  label: string;
  values: string[];
  options: { value: string; label: string }[];
  error: string | undefined;
  onChange: (values: string[]) => void;
}): ReactElement {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id} className={styles.label}>
        {props.label}
      </label>
      <select
        id={props.id}
        multiple
        size={6}
        className={styles.select}
        value={props.values}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange(selectedValues(e.target))}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.error ? (
        <span id={`${props.id}-error`} className={styles.error} role="alert">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
