import {
  answer,
  api,
  type Dentition,
  defaultDentition,
  notify,
  notifyFailure,
  Page,
  PatientHeader,
  Spinner,
  SURFACE_NAMES,
  TextAreaField,
  TextField,
  ToothChart,
  TreatmentPicker,
  todayIso,
  toothName,
  useNavigate,
  useParams,
  useQuery,
} from '@clinic/kit';
import {
  type EvolutionTooth,
  type Me,
  MSG,
  type PatientDetails,
  SURFACES,
  type Surface,
  type Tooth,
  type Treatment,
} from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useId, useState } from 'react';
import styles from './AddEvolution.module.css';

const loadOptions = (patientId: string) =>
  Promise.all([
    answer(api.tooth.$get()),
    answer(api.me.$get()),
    answer(api.patients[':id'].$get({ param: { id: patientId } })),
  ]);

/**
 * /home/addEvolution/{patientID}: observations, ONE treatment (searched over the whole price list),
 * one or more teeth on the chart (each press toggles; permanent or primary teeth, primary first for
 * a child under 12) with the surfaces worked on, and the date. The medic is the one signed in (the
 * server records them as the author), shown but not chosen. The patient's header says whose record it is.
 */
export function AddEvolution(): ReactElement {
  const { patientID } = useParams();
  const load = useQuery(`evolution-form:${patientID}`, () => loadOptions(String(patientID)));
  if (load.state === 'loading') return <Spinner />;
  if (load.state === 'error') {
    return (
      <Page title="Add Evolution" width="narrow">
        <p role="alert">{load.msg}</p>
      </Page>
    );
  }
  const [teeth, me, patient] = load.data;
  return <EvolutionForm patient={patient} teeth={teeth} me={me} />;
}

function EvolutionForm(props: { patient: PatientDetails; teeth: Tooth[]; me: Me }): ReactElement {
  const { patient, me } = props;
  const patientId = patient.ID;
  const navigate = useNavigate();
  const ids = useId();
  const [observations, setObservations] = useState('');
  const [date, setDate] = useState(todayIso());
  const [treatment, setTreatment] = useState<Treatment | null>(null);
  const [chosen, setChosen] = useState<EvolutionTooth[]>([]);
  const [dentition, setDentition] = useState<Dentition>(defaultDentition(patient.age));
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const known = new Set(props.teeth.map((t) => t.ID));

  // Every field is required; what is missing says so after a first submit.
  const missing = (empty: boolean): string | undefined =>
    submitted && empty ? MSG.fillAllFields : undefined;

  const toggleTooth = (id: number): void =>
    setChosen((list) =>
      list.some((t) => t.toothID === id)
        ? list.filter((t) => t.toothID !== id)
        : [...list, { toothID: id, surfaces: [] }],
    );
  const toggleSurface = (id: number, surface: Surface): void =>
    setChosen((list) =>
      list.map((t) =>
        t.toothID !== id
          ? t
          : {
              ...t,
              surfaces: t.surfaces.includes(surface)
                ? t.surfaces.filter((s) => s !== surface)
                : SURFACES.filter((s) => s === surface || t.surfaces.includes(s)),
            },
      ),
    );

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSubmitted(true);
    if (observations.trim() === '' || date === '' || !treatment || chosen.length === 0) {
      await notify({ title: MSG.fillAllFields, icon: 'warning' });
      return;
    }
    setSending(true);
    try {
      await answer(
        api.evolutions.$post({
          json: { date, observations, PatientID: patientId, TreatmentID: treatment.ID, teeth: chosen },
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

  const toothError = missing(chosen.length === 0);
  return (
    <Page title="Add Evolution" width="wide">
      <PatientHeader patientId={patientId} />
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
          <legend>Teeth</legend>
          <div className={styles.dentition} role="radiogroup" aria-label="Teeth shown">
            {(['permanent', 'primary'] as const).map((d) => (
              <label key={d}>
                <input
                  type="radio"
                  name={`${ids}-dentition`}
                  checked={dentition === d}
                  onChange={() => setDentition(d)}
                />
                {d === 'permanent' ? 'Permanent teeth' : 'Primary teeth'}
              </label>
            ))}
          </div>
          <ToothChart
            dentition={dentition}
            known={known}
            pressed={new Set(chosen.map((t) => t.toothID))}
            onPress={toggleTooth}
            label={dentition === 'permanent' ? 'Permanent teeth' : 'Primary teeth'}
            describedBy={toothError ? `${ids}-tooth` : undefined}
          />
          {chosen.length === 0 ? (
            <p className="muted">No tooth chosen: press each tooth worked on.</p>
          ) : (
            <ul className={styles.chosen} aria-label="Chosen teeth">
              {chosen.map((t) => (
                <li key={t.toothID}>
                  <fieldset className={styles.surfaces}>
                    <legend>
                      Tooth {t.toothID}, {toothName(t.toothID)}
                    </legend>
                    {SURFACES.map((s) => (
                      <label key={s} title={SURFACE_NAMES[s]}>
                        <input
                          type="checkbox"
                          checked={t.surfaces.includes(s)}
                          onChange={() => toggleSurface(t.toothID, s)}
                          aria-label={`${SURFACE_NAMES[s]} (${s}) of tooth ${t.toothID}`}
                        />
                        {s}
                      </label>
                    ))}
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => toggleTooth(t.toothID)}
                      aria-label={`Remove tooth ${t.toothID}`}
                    >
                      Remove
                    </button>
                  </fieldset>
                </li>
              ))}
            </ul>
          )}
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
