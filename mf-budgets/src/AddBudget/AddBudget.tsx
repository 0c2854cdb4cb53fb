import {
  ApiError,
  capitalize,
  formatAmount,
  notify,
  notifyFailure,
  Page,
  request,
  requestList,
  SearchBar,
  SelectField,
  Spinner,
  useNavigate,
  usePatientSearch,
  useResource,
} from '@clinic/kit';
import {
  type BudgetDetails,
  budgetTotal,
  MSG,
  type PatientListItem,
  type PaymentPreference,
  QUANTITY_MAX,
  type Treatment,
  toCents,
} from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from './AddBudget.module.css';

interface Line {
  treatment: Treatment;
  quantity: number;
}

type Found =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; msg: string }
  | { state: 'ready'; rows: PatientListItem[] };

const fullName = (p: PatientListItem): string =>
  `${p.name} ${p.lastName}`.split(/\s+/).filter(Boolean).map(capitalize).join(' ');

const treatmentLabel = (t: Treatment): string => `${t.ID} · ${t.description || t.treatmentType}`;

/**
 * The payment link of a new budget, as orders it: a preference from the budget, then the
 * budget updated with its link and id. A failure here leaves the budget unlinked, not lost: the
 * patient's Payments screen creates the link on demand.
 */
async function linkPayment(budgetId: number): Promise<void> {
  const preference = await request<PaymentPreference>('POST', '/payments/create_preference', {
    ID: budgetId,
  });
  await request('PUT', '/Budgets', {
    ID: budgetId,
    linkPayment: preference.linkPayment,
    idPayment: preference.id,
  });
}

/** /home/addBudget: one patient, treatments from the price list, quantities; the total follows. */
export function AddBudget(): ReactElement {
  const navigate = useNavigate();
  const treatments = useResource<Treatment[]>('/treatments?limit=200');
  const [patient, setPatient] = useState<PatientListItem | null>(null);
  const [treatmentId, setTreatmentId] = useState('');
  const [lines, setLines] = useState<readonly Line[]>([]);
  const [creating, setCreating] = useState(false);

  const choosePatient = (p: PatientListItem): void => {
    if (patient) {
      void notify({ title: MSG.onePatientOnly, icon: 'warning' });
      return;
    }
    setPatient(p);
  };

  const addLine = (): void => {
    const treatment =
      treatments.state === 'ready' ? treatments.data.find((t) => t.ID === treatmentId) : undefined;
    if (!patient || !treatment) {
      void notify({ title: MSG.selectPatientAndTreatment, icon: 'warning' });
      return;
    }
    setLines((current) =>
      current.some((l) => l.treatment.ID === treatment.ID)
        ? current.map((l) =>
            l.treatment.ID === treatment.ID ? { ...l, quantity: Math.min(l.quantity + 1, QUANTITY_MAX) } : l,
          )
        : [...current, { treatment, quantity: 1 }],
    );
  };

  /** Raises or lowers a line's quantity; below 1 the line goes. */
  const changeQuantity = (id: string, by: number): void =>
    setLines((current) =>
      current
        .map((l) => (l.treatment.ID === id ? { ...l, quantity: Math.min(l.quantity + by, QUANTITY_MAX) } : l))
        .filter((l) => l.quantity >= 1),
    );

  const { subTotals, total } = budgetTotal(
    lines.map((l) => ({ priceCents: toCents(l.treatment.price), quantity: l.quantity })),
  );

  const create = async (): Promise<void> => {
    if (!patient || lines.length === 0) {
      await notify({ title: MSG.completeBudget, icon: 'warning' });
      return;
    }
    setCreating(true);
    try {
      const budget = await request<BudgetDetails>('POST', '/Budgets', {
        PatientID: patient.ID,
        treatments: lines.map((l) => ({ ID: l.treatment.ID, quantity: l.quantity })),
      });
      await linkPayment(budget.ID).catch((err: unknown) =>
        console.warn('the payment link waits for later', err),
      );
      await notify({ title: MSG.budgetCreated, icon: 'success' });
      void navigate('/home/budget');
    } catch (err) {
      setCreating(false);
      await notifyFailure(err);
    }
  };

  return (
    <Page title="Add Budget">
      <section className={styles.section} aria-labelledby="budget-patient">
        <h3 id="budget-patient">Patient</h3>
        {patient ? (
          <p className={styles.chosen}>
            <span>
              <strong>{fullName(patient)}</strong> · DNI {patient.document}
            </span>
            <button type="button" className="btn btn-secondary" onClick={() => setPatient(null)}>
              Remove patient
            </button>
          </p>
        ) : (
          <p className="muted">No patient selected yet.</p>
        )}
        <PatientPicker onChoose={choosePatient} />
      </section>

      <section className={styles.section} aria-labelledby="budget-treatments">
        <h3 id="budget-treatments">Treatments</h3>
        {treatments.state === 'loading' ? (
          <Spinner label={MSG.loadingTreatments} showLabel />
        ) : treatments.state === 'error' ? (
          <p role="alert">{treatments.msg}</p>
        ) : (
          <div className={styles.adder}>
            <SelectField
              label="Treatment"
              name="treatment"
              value={treatmentId}
              placeholder="Select a treatment"
              options={treatments.data.map((t) => ({
                value: t.ID,
                label: `${treatmentLabel(t)} (${formatAmount(t.price)})`,
              }))}
              onChange={(e) => setTreatmentId(e.target.value)}
            />
            <button type="button" className="btn btn-secondary" onClick={addLine}>
              Add to budget
            </button>
          </div>
        )}
        {lines.length === 0 ? (
          <p className="muted">{MSG.noTreatmentsAdded}</p>
        ) : (
          <div className="table-scroll">
            <table className="table">
              <caption className="visually-hidden">Treatments in this budget</caption>
              <thead>
                <tr>
                  <th scope="col">Treatment ID</th>
                  <th scope="col">Treatment</th>
                  <th scope="col" className={styles.number}>
                    Price
                  </th>
                  <th scope="col">Quantity</th>
                  <th scope="col" className={styles.number}>
                    Sub-Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l, i) => (
                  <tr key={l.treatment.ID}>
                    <td>{l.treatment.ID}</td>
                    <td>{l.treatment.description || l.treatment.treatmentType}</td>
                    <td className={styles.number}>{formatAmount(l.treatment.price)}</td>
                    <td>
                      <span className={styles.quantity}>
                        <button
                          type="button"
                          className="btn btn-secondary"
                          aria-label={`Lower quantity of ${treatmentLabel(l.treatment)}`}
                          onClick={() => changeQuantity(l.treatment.ID, -1)}
                        >
                          −
                        </button>
                        <output aria-label={`Quantity of ${treatmentLabel(l.treatment)}`}>
                          {l.quantity}
                        </output>
                        <button
                          type="button"
                          className="btn btn-secondary"
                          aria-label={`Raise quantity of ${treatmentLabel(l.treatment)}`}
                          disabled={l.quantity >= QUANTITY_MAX}
                          onClick={() => changeQuantity(l.treatment.ID, 1)}
                        >
                          +
                        </button>
                      </span>
                    </td>
                    <td className={styles.number}>{formatAmount((subTotals[i] ?? 0) / 100)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className={styles.total} aria-live="polite">
          Total: <strong>{formatAmount(total / 100)}</strong>
        </p>
      </section>

      <button type="button" className="btn btn-primary" disabled={creating} onClick={() => void create()}>
        Create budget
      </button>
    </Page>
  );
}

/** Patient search by ID or name (rules), each result with a Select button. */
function PatientPicker({ onChoose }: { onChoose: (patient: PatientListItem) => void }): ReactElement {
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const search = usePatientSearch((term) => {
    setFound({ state: 'loading' });
    requestList<PatientListItem>(`/patients?${new URLSearchParams({ q: term, limit: '10' })}`).then(
      ({ rows }) => setFound({ state: 'ready', rows }),
      (err: unknown) =>
        setFound({ state: 'error', msg: err instanceof ApiError ? err.msg : MSG.somethingWentWrong }),
    );
  });

  return (
    <div className={styles.picker}>
      <SearchBar {...search.bar} variant="secondary" />
      {found.state === 'loading' ? (
        <p role="status">Searching patients...</p>
      ) : found.state === 'error' ? (
        <p role="alert">{found.msg}</p>
      ) : found.state === 'ready' && found.rows.length === 0 ? (
        <p role="status">{MSG.patientNotFound}</p>
      ) : found.state === 'ready' ? (
        <ul className={styles.found}>
          {found.rows.map((p) => (
            <li key={p.ID}>
              <span>
                {fullName(p)} · DNI {p.document}
              </span>
              <button type="button" className="btn btn-secondary" onClick={() => onChoose(p)}>
                Select<span className="visually-hidden"> {fullName(p)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
