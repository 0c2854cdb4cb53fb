import {
  answer,
  api,
  notify,
  notifyFailure,
  Page,
  Spinner,
  TextAreaField,
  TextField,
  TreatmentPicker,
  todayIso,
  useNavigate,
  useParams,
  useQuery,
} from '@clinic/kit';
import { type Me, MSG, type Tooth, type Treatment } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useId, useState } from 'react';
import { ToothChart } from '../ToothChart/ToothChart';
import styles from './AddEvolution.module.css';

const loadOptions = () => Promise.all([answer(api.tooth.$get()), answer(api.me.$get())]);

/**
 * /home/addEvolution/{patientID}: observations, ONE treatment (searched over the whole price list),
 * ONE tooth on the chart, date. The medic is the one signed in (the server records them as the
 * author), shown but not chosen.
 */
export function AddEvolution(): ReactElement {
  const { patientID } = useParams();
  const load = useQuery('evolution-form', loadOptions);
  if (load.state === 'loading') return <Spinner />;
  if (load.state === 'error') {
    return (
      <Page title="Add Evolution" width="narrow">
        <p role="alert">{load.msg}</p>
      </Page>
    );
  }
  const [teeth, me] = load.data;
  return <EvolutionForm patientId={Number(patientID)} teeth={teeth} me={me} />;
}

function EvolutionForm(props: { patientId: number; teeth: Tooth[]; me: Me }): ReactElement {
  const { patientId, me } = props;
  const navigate = useNavigate();
  const ids = useId();
  const [observations, setObservations] = useState('');
  const [date, setDate] = useState(todayIso());
  const [treatment, setTreatment] = useState<Treatment | null>(null);
  const [tooth, setTooth] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);

  // Every field is required; what is missing says so after a first submit.
  const missing = (empty: boolean): string | undefined =>
    submitted && empty ? MSG.fillAllFields : undefined;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSubmitted(true);
    if (observations.trim() === '' || date === '' || !treatment || tooth === null) {
      await notify({ title: MSG.fillAllFields, icon: 'warning' });
      return;
    }
    setSending(true);
    try {
      await answer(
        api.evolutions.$post({
          json: { date, observations, PatientID: patientId, TreatmentID: treatment.ID, toothID: tooth },
        }),
      );
      await notify({ title: MSG.evolutionAdded, icon: 'success' });
      void navigate(`/home/${patientId}`);
    } catch (err) {
      await notifyFailure(err, MSG.evolutionError);
    } finally {
      setSending(false);
    }
  };

  const toothError = missing(tooth === null);
  return (
    <Page title="Add Evolution" width="wide">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextAreaField
          name="observations"
          label="Observations"
          rows={4}
          value={observations}
          error={missing(observations.trim() === '')}
          onChange={(e) => setObservations(e.target.value)}
        />
        <fieldset className={styles.chart}>
          <legend>Tooth</legend>
          <ToothChart
            teeth={props.teeth}
            selected={tooth}
            onSelect={setTooth}
            describedBy={toothError ? `${ids}-tooth` : undefined}
          />
          <p className="muted">Selected: {tooth ?? 'none'}</p>
          {toothError ? (
            <p id={`${ids}-tooth`} className={styles.error} role="alert">
              {toothError}
            </p>
          ) : null}
        </fieldset>
        <div className={styles.row}>
          <TreatmentPicker value={treatment} onChange={setTreatment} error={missing(treatment === null)} />
          <TextField
            name="medic"
            label="Medic"
            value={[me.doctorTitle, me.name, me.lastName].filter(Boolean).join(' ')}
            readOnly
          />
          <TextField
            name="date"
            label="Date"
            type="date"
            value={date}
            error={missing(date === '')}
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
