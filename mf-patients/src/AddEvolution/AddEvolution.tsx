import {
  answer,
  api,
  DENTITION_LABEL,
  type Dentition,
  DentitionSwitch,
  DraftNotice,
  defaultDentition,
  LoadFailed,
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
  useClinic,
  useNavigate,
  useParams,
  useQuery,
  useSchemaForm,
} from '@clinic/kit';
import {
  EvolutionInputSchema,
  type EvolutionTooth,
  localDate,
  type Me,
  MSG,
  type PatientDetails,
  SURFACES,
  type Surface,
  type Tooth,
  type Treatment,
} from '@clinic/worker/contract';
import { type ReactElement, useId, useState } from 'react';
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
        <LoadFailed resource={load} />
      </Page>
    );
  }
  const [teeth, me, patient] = load.data;
  return <EvolutionForm patient={patient} teeth={teeth} me={me} />;
}

/** The note as typed: the chosen treatment and teeth are kept whole, and sent by their IDs. */
interface EvolutionValues {
  observations: string;
  date: string;
  TreatmentID: Treatment | null;
  teeth: EvolutionTooth[];
}

/** Each press adds the tooth, or takes it away when it was chosen. */
const toggleTooth = (list: EvolutionTooth[], id: number): EvolutionTooth[] =>
  list.some((t) => t.toothID === id)
    ? list.filter((t) => t.toothID !== id)
    : [...list, { toothID: id, surfaces: [] }];

/** Each press marks the surface of the tooth, or clears it; the surfaces keep the chart's order. */
const toggleSurface = (list: EvolutionTooth[], id: number, surface: Surface): EvolutionTooth[] =>
  list.map((t) =>
    t.toothID !== id
      ? t
      : {
          ...t,
          surfaces: t.surfaces.includes(surface)
            ? t.surfaces.filter((s) => s !== surface)
            : SURFACES.filter((s) => s === surface || t.surfaces.includes(s)),
        },
  );

/** The chosen teeth, each with the surfaces worked on and a way to take it off. */
function ChosenTeeth(props: {
  chosen: EvolutionTooth[];
  onSurface: (id: number, surface: Surface) => void;
  onRemove: (id: number) => void;
}): ReactElement {
  if (props.chosen.length === 0) return <p className="muted">No tooth chosen: press each tooth worked on.</p>;
  return (
    <ul className={styles.chosen} aria-label="Chosen teeth">
      {props.chosen.map((t) => (
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
                  onChange={() => props.onSurface(t.toothID, s)}
                  aria-label={`${SURFACE_NAMES[s]} (${s}) of tooth ${t.toothID}`}
                />
                {s}
              </label>
            ))}
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => props.onRemove(t.toothID)}
              aria-label={`Remove tooth ${t.toothID}`}
            >
              Remove
            </button>
          </fieldset>
        </li>
      ))}
    </ul>
  );
}

/** The teeth fieldset: which dentition the chart shows, the chart, the chosen teeth and what is missing. */
function TeethField(props: {
  ids: string;
  initialDentition: Dentition;
  known: ReadonlySet<number>;
  chosen: EvolutionTooth[];
  onChange: (chosen: EvolutionTooth[]) => void;
  error: string | undefined;
}): ReactElement {
  const { ids, chosen, onChange, error } = props;
  const [dentition, setDentition] = useState<Dentition>(props.initialDentition);
  return (
    <fieldset className={styles.chart}>
      <legend>Teeth</legend>
      <DentitionSwitch
        className={styles.dentition}
        name={`${ids}-dentition`}
        value={dentition}
        onChange={setDentition}
      />
      <ToothChart
        dentition={dentition}
        known={props.known}
        pressed={new Set(chosen.map((t) => t.toothID))}
        onPress={(id) => onChange(toggleTooth(chosen, id))}
        label={DENTITION_LABEL[dentition]}
        describedBy={error ? `${ids}-tooth` : undefined}
      />
      <ChosenTeeth
        chosen={chosen}
        onSurface={(id, surface) => onChange(toggleSurface(chosen, id, surface))}
        onRemove={(id) => onChange(toggleTooth(chosen, id))}
      />
      {error ? (
        <p id={`${ids}-tooth`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function EvolutionForm(props: { patient: PatientDetails; teeth: Tooth[]; me: Me }): ReactElement {
  const { patient, me } = props;
  const patientId = patient.ID;
  const navigate = useNavigate();
  const ids = useId();
  // A visit note is never dated after today, judged in the clinic's time zone as the server does.
  const clinic = useClinic();
  const today = clinic.state === 'ready' ? localDate(new Date(), clinic.data.timeZone) : todayIso();
  const [initial] = useState<EvolutionValues>(() => ({
    observations: '',
    date: todayIso(),
    TreatmentID: null,
    teeth: [],
  }));
  // Every field is required: the contract says what is missing ('Fill all fields') under each.
  const form = useSchemaForm({
    schema: EvolutionInputSchema,
    initial,
    toInput: (values: EvolutionValues) => ({
      date: values.date,
      observations: values.observations,
      PatientID: patientId,
      TreatmentID: values.TreatmentID?.ID,
      teeth: values.teeth,
    }),
    invalidTitle: () => MSG.fillAllFields,
    invalidIcon: 'warning',
    // The note as typed survives a reload or a crash: this user's draft for this patient, until saved.
    draft: { scope: `evolution:${patientId}` },
  });
  const { values } = form;

  const submit = form.submit(async (input) => {
    try {
      await answer(api.evolutions.$post({ json: { ...input, TreatmentID: input.TreatmentID as string } }));
      await notify({ title: MSG.evolutionAdded, icon: 'success' });
      void navigate(`/home/${patientId}`);
    } catch (err) {
      await notifyFailure(err, MSG.evolutionError);
    }
  });

  return (
    <Page title="Add Evolution" width="wide">
      <PatientHeader patientId={patientId} />
      <DraftNotice restored={form.restored} onDiscard={() => form.reset()} />
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextAreaField name="observations" label="Observations" rows={4} {...form.field('observations')} />
        <TeethField
          ids={ids}
          initialDentition={defaultDentition(patient.age)}
          known={new Set(props.teeth.map((t) => t.ID))}
          chosen={values.teeth}
          onChange={(teeth) => form.set('teeth', teeth)}
          error={form.errorOf('teeth')}
        />
        <div className={styles.row}>
          <TreatmentPicker
            value={values.TreatmentID}
            onChange={(treatment) => form.set('TreatmentID', treatment)}
            error={form.errorOf('TreatmentID')}
          />
          <TextField
            name="medic"
            label="Medic"
            value={[me.doctorTitle, me.name, me.lastName].filter(Boolean).join(' ')}
            readOnly
          />
          <TextField name="date" label="Date" type="date" max={today} {...form.field('date')} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={form.sending}>
          Save evolution
        </button>
      </form>
    </Page>
  );
}
