import {
  $clinic,
  answer,
  api,
  blobToBase64,
  budgetQuotePdf,
  confirm,
  DetailList,
  formatDate,
  Link,
  loadClinic,
  notify,
  notifyFailure,
  Page,
  PdfButton,
  quoteFileName,
  Spinner,
  useMoney,
  useParams,
  useQuery,
} from '@clinic/kit';
import { type BudgetDetails, MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { editable } from '../AddBudget/lines';
import { BudgetLines } from '../BudgetTable/BudgetTable';
import { statusLabel } from '../status';
import styles from './BudgetSummary.module.css';
import { MoneyPanel } from './MoneyPanel';

const back = (
  <Link className="btn btn-secondary" to="/home/budget">
    Back to budgets
  </Link>
);

/** /home/updateBudget/{budgetID}: the patient, the lines, the total and the payment status. */
export function BudgetSummary(): ReactElement {
  const { budgetID } = useParams();
  const id = /^\d+$/.test(budgetID ?? '') ? Number(budgetID) : null;
  const loaded = useQuery(id ? `budget:${id}` : null, () =>
    answer(api.Budgets[':id'].$get({ param: { id: String(id) } })),
  );
  // The answer of the Pending button replaces what was loaded (the local budget is marked paid).
  const [updated, setUpdated] = useState<BudgetDetails | null>(null);
  const [saving, setSaving] = useState(false);
  const format = useMoney();

  if (id === null || loaded.state === 'error') {
    return (
      <Page title="Budget summary" actions={back}>
        <p role="alert">{loaded.state === 'error' ? loaded.msg : MSG.budgetNotFound}</p>
      </Page>
    );
  }
  if (loaded.state === 'loading') return <Spinner />;
  const budget = updated?.ID === id ? updated : loaded.data;
  // In the budget's own currency, the one it was made in.
  const money = (amount: number): string => format(amount, budget.currency);

  const markPaid = async (): Promise<void> => {
    const yes = await confirm({
      title: MSG.markPaidTitle,
      text: `Budget ${budget.ID} for ${budget.patientFullName}: ${money(budget.balance)} left to pay, recorded as paid in cash`,
      icon: 'warning',
      confirmText: MSG.markAsPaid,
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setSaving(true);
    try {
      setUpdated(await answer(api.Budgets.$put({ json: { ID: budget.ID, paid: true } })));
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setSaving(false);
    }
  };

  const { patient } = budget;
  const status = statusLabel(budget);
  return (
    <Page title={`Budget ${budget.ID}`} actions={back}>
      <DetailList
        rows={[
          ['Name', patient.name],
          ['Last Name', patient.lastName],
          ['Age', patient.age ?? '—'],
          ['Document', patient.document],
          ['Cellphone', patient.cellphone],
          ['Medical Service', patient.medicalService],
          ['Creation Date', formatDate(budget.creationDate)],
          ['Update Date', formatDate(budget.updateDate)],
        ]}
      />
      <section className={styles.section} aria-labelledby="summary-treatments">
        <h3 id="summary-treatments">Treatments</h3>
        {budget.treatments.length === 0 ? (
          <p className="muted">{MSG.noTreatmentsAdded}</p>
        ) : (
          <BudgetLines
            caption={`Treatments of budget ${budget.ID}`}
            lines={budget.treatments}
            currency={budget.currency}
          />
        )}
      </section>
      {budget.discount ? <p className={styles.line}>Discount: {money(budget.discount)}</p> : null}
      <p className={styles.total}>
        Total price: <strong>{money(budget.totalPrice)}</strong>
      </p>
      <PaymentStatus status={status} saving={saving} onMarkPaid={() => void markPaid()} />
      {budget.status !== 'Voided' ? (
        <p>
          <PdfButton
            label="Download quote"
            fileName={quoteFileName(budget)}
            make={(clinic) => budgetQuotePdf(budget, clinic, money)}
          />{' '}
          <MailQuoteButton budget={budget} />
          {/* Only a budget nobody has paid anything of can change (the server refuses it too). */}
          {editable(budget) ? (
            <>
              {' '}
              <Link className="btn btn-secondary" to={`/home/editBudget/${budget.ID}`}>
                Edit<span className="visually-hidden"> budget {budget.ID}</span>
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <MoneyPanel budget={budget} onChange={setUpdated} />
    </Page>
  );
}

/**
 * 'Payment status': Completed or Voided as words; Pending is SPEC's button, with what it does beside
 * it; Partly paid is the list's word, with the same action (a desk payment of what is left).
 */
function PaymentStatus(props: {
  status: ReturnType<typeof statusLabel>;
  saving: boolean;
  onMarkPaid: () => void;
}): ReactElement {
  const { status } = props;
  return (
    <p className={styles.status} aria-live="polite">
      Payment status:{' '}
      {status === 'Completed' ? (
        <strong className={styles.completed}>{status}</strong>
      ) : status === 'Voided' ? (
        <strong>{status}</strong>
      ) : status === 'Partly paid' ? (
        // The list's word, and the same action as Pending: a desk payment of what is left.
        <>
          <strong>{status}</strong>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={props.saving}
            onClick={props.onMarkPaid}
          >
            {MSG.markAsPaid}
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={props.saving}
            aria-describedby="pending-does"
            onClick={props.onMarkPaid}
          >
            {status}
          </button>
          {/* SPEC's label stays on the button; what it does is said beside it. */}
          <span className="muted">
            <span aria-hidden="true">← </span>
            <span id="pending-does">{MSG.markAsPaid}</span>
          </span>
        </>
      )}
    </p>
  );
}

/** 'Send by mail': the quote drawn here goes to the patient attached, with the link to pay. */
function MailQuoteButton({ budget }: { budget: BudgetDetails }): ReactElement {
  const money = useMoney();
  const [busy, setBusy] = useState(false);
  const send = async (): Promise<void> => {
    setBusy(true);
    try {
      const clinic = $clinic.get() ?? (await loadClinic());
      const pdf = await blobToBase64(await budgetQuotePdf(budget, clinic, money));
      const sent = await answer(
        api.Budgets[':id']['quote-mail'].$post({ param: { id: String(budget.ID) }, json: { pdf } }),
      );
      void notify({ title: MSG.quoteMailed, text: sent.to, icon: 'success' });
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void send()}>
      Send by mail
    </button>
  );
}
