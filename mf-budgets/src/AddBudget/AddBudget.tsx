import {
  answer,
  answerPage,
  api,
  type ListPage,
  LoadFailed,
  notify,
  notifyFailure,
  Page,
  SearchBar,
  useNavigate,
  usePatientSearch,
  useQuery,
  useSaveOnce,
} from '@clinic/kit';
import { MSG, type PatientListItem } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { personName } from '../names';
import styles from './AddBudget.module.css';
import { DraftFields } from './DraftFields';
import { budgetBody, type DraftDiscount, type DraftLine } from './lines';

const fullName = (p: PatientListItem): string => personName(`${p.name} ${p.lastName}`);

/** /home/addBudget: one patient, treatments from the price list, quantities; the total follows. */
export function AddBudget(): ReactElement {
  const navigate = useNavigate();
  const [patient, setPatient] = useState<PatientListItem | null>(null);
  const [lines, setLines] = useState<readonly DraftLine[]>([]);
  const [creating, setCreating] = useState(false);
  const [discount, setDiscount] = useState<DraftDiscount>({ kind: 'amount', text: '' });
  const [validUntil, setValidUntil] = useState('');
  const saveOnce = useSaveOnce();

  const choosePatient = (p: PatientListItem): void => {
    if (patient) {
      void notify({ title: MSG.onePatientOnly, icon: 'warning' });
      return;
    }
    setPatient(p);
  };

  const create = async (): Promise<void> => {
    if (!patient || lines.length === 0) {
      await notify({ title: MSG.completeBudget, icon: 'warning' });
      return;
    }
    setCreating(true);
    try {
      // The budget and its payment link in one call: all of it, or nothing and the reason why. Sent
      // once however often it is tried: Create again after a blip lost the answer is the same save.
      const json = {
        PatientID: patient.ID,
        ...budgetBody(lines, discount, validUntil),
        withPaymentLink: true,
      };
      await saveOnce(json, () => answer(api.Budgets.$post({ json })));
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
        <DraftFields
          lines={lines}
          setLines={setLines}
          discount={discount}
          setDiscount={setDiscount}
          validUntil={validUntil}
          setValidUntil={setValidUntil}
          canAdd={patient !== null}
        />
      </section>

      <button type="button" className="btn btn-primary" disabled={creating} onClick={() => void create()}>
        Create budget
      </button>
    </Page>
  );
}

/** Patient search by ID or name (rules), each result with a Select button. */
function PatientPicker({ onChoose }: { onChoose: (patient: PatientListItem) => void }): ReactElement {
  // The term searched; null before any search.
  const [term, setTerm] = useState<string | null>(null);
  const search = usePatientSearch(setTerm);
  const found = useQuery<ListPage<PatientListItem>>(term === null ? null : `patients:${term}`, () =>
    answerPage(api.patients.$get({ query: { q: term ?? '', limit: '10', offset: '0' } })),
  );

  return (
    <div className={styles.picker}>
      <SearchBar {...search.bar} variant="secondary" />
      {term === null ? null : found.state === 'loading' ? (
        <p role="status">Searching patients...</p>
      ) : found.state === 'error' ? (
        <LoadFailed resource={found} />
      ) : found.data.rows.length === 0 ? (
        <p role="status">{MSG.patientNotFound}</p>
      ) : (
        <ul className={styles.found}>
          {found.data.rows.map((p) => (
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
      )}
    </div>
  );
}
