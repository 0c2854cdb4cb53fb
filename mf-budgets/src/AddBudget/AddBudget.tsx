import {
  answer,
  answerPage,
  api,
  capitalize,
  type ListPage,
  notify,
  notifyFailure,
  Page,
  SearchBar,
  SelectField,
  TextField,
  TreatmentPicker,
  useMoney,
  useNavigate,
  usePatientSearch,
  useQuery,
} from '@clinic/kit';
import {
  type BudgetLine,
  isTooth,
  MSG,
  type PatientListItem,
  QUANTITY_MAX,
  type Treatment,
} from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { BudgetLines, lineName } from '../BudgetTable/BudgetTable';
import styles from './AddBudget.module.css';
import { addTreatment, changeQuantity, type DraftLine, discountCents, priced } from './lines';

const fullName = (p: PatientListItem): string =>
  `${p.name} ${p.lastName}`.split(/\s+/).filter(Boolean).map(capitalize).join(' ');

const lineLabel = (line: BudgetLine): string =>
  `${line.ID} · ${lineName(line)}${line.toothID ? ` · tooth ${line.toothID}` : ''}`;

/** /home/addBudget: one patient, treatments from the price list, quantities; the total follows. */
export function AddBudget(): ReactElement {
  const navigate = useNavigate();
  const [patient, setPatient] = useState<PatientListItem | null>(null);
  const [treatment, setTreatment] = useState<Treatment | null>(null);
  const [lines, setLines] = useState<readonly DraftLine[]>([]);
  const [creating, setCreating] = useState(false);
  const [tooth, setTooth] = useState('');
  const [discountKind, setDiscountKind] = useState<'amount' | 'percent'>('amount');
  const [discountText, setDiscountText] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const money = useMoney();

  const choosePatient = (p: PatientListItem): void => {
    if (patient) {
      void notify({ title: MSG.onePatientOnly, icon: 'warning' });
      return;
    }
    setPatient(p);
  };

  const addLine = (): void => {
    if (!patient || !treatment) {
      void notify({ title: MSG.selectPatientAndTreatment, icon: 'warning' });
      return;
    }
    const toothID = tooth.trim() === '' ? null : Number(tooth);
    if (toothID !== null && !isTooth(toothID)) {
      void notify({ title: MSG.invalidTooth, icon: 'warning' });
      return;
    }
    setLines((current) => addTreatment(current, treatment, toothID));
  };

  const budget = priced(lines);
  const sumCents = Math.round(budget.total * 100);
  const discountValue = Number(discountText.replace(',', '.'));
  const discount =
    discountText.trim() !== '' && Number.isFinite(discountValue) && discountValue > 0
      ? discountCents(sumCents, { kind: discountKind, value: discountValue }) / 100
      : 0;

  const create = async (): Promise<void> => {
    if (!patient || lines.length === 0) {
      await notify({ title: MSG.completeBudget, icon: 'warning' });
      return;
    }
    setCreating(true);
    try {
      // The budget and its payment link in one call: all of it, or nothing and the reason why.
      await answer(
        api.Budgets.$post({
          json: {
            PatientID: patient.ID,
            treatments: lines.map((l) => ({
              ID: l.treatment.ID,
              quantity: l.quantity,
              toothID: l.toothID ?? null,
            })),
            discount: discount > 0 && discountKind === 'amount' ? discount : null,
            discountPercent: discount > 0 && discountKind === 'percent' ? discountValue : null,
            validUntil: validUntil || null,
            withPaymentLink: true,
          },
        }),
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
        <div className={styles.adder}>
          <TreatmentPicker value={treatment} onChange={setTreatment} />
          <TextField
            label="Tooth (optional)"
            name="tooth"
            inputMode="numeric"
            hint="FDI number, e.g. 16"
            value={tooth}
            onChange={(e) => setTooth(e.target.value)}
          />
          <button type="button" className="btn btn-secondary" onClick={addLine}>
            Add to budget
          </button>
        </div>
        {lines.length === 0 ? (
          <p className="muted">{MSG.noTreatmentsAdded}</p>
        ) : (
          <BudgetLines
            caption="Treatments in this budget"
            lines={budget.lines}
            quantity={(l) => (
              <span className={styles.quantity}>
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`Lower quantity of ${lineLabel(l)}`}
                  onClick={() => setLines((current) => changeQuantity(current, l.ID, -1, l.toothID))}
                >
                  −
                </button>
                <output aria-label={`Quantity of ${lineLabel(l)}`}>{l.quantity}</output>
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`Raise quantity of ${lineLabel(l)}`}
                  disabled={l.quantity >= QUANTITY_MAX}
                  onClick={() => setLines((current) => changeQuantity(current, l.ID, 1, l.toothID))}
                >
                  +
                </button>
              </span>
            )}
          />
        )}
        <div className={styles.adder}>
          <SelectField
            label="Discount as"
            name="discountKind"
            options={[
              { value: 'amount', label: 'An amount' },
              { value: 'percent', label: 'A percentage' },
            ]}
            value={discountKind}
            onChange={(e) => setDiscountKind(e.target.value === 'percent' ? 'percent' : 'amount')}
          />
          <TextField
            label="Discount"
            name="discount"
            inputMode="decimal"
            value={discountText}
            onChange={(e) => setDiscountText(e.target.value)}
          />
          <TextField
            label="Valid until"
            name="validUntil"
            type="date"
            value={validUntil}
            onChange={(e) => setValidUntil(e.target.value)}
          />
        </div>
        {discount > 0 ? <p className={styles.total}>Discount: −{money(discount)}</p> : null}
        <p className={styles.total} aria-live="polite">
          Total: <strong>{money(budget.total - discount)}</strong>
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
        <p role="alert">{found.msg}</p>
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
