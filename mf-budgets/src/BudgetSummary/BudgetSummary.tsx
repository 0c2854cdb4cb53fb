import {
  confirm,
  DetailList,
  formatAmount,
  formatDate,
  Link,
  notifyFailure,
  Page,
  request,
  Spinner,
  useParams,
  useResource,
} from '@clinic/kit';
import { type BudgetDetails, MSG, paymentStatus } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from './BudgetSummary.module.css';

const back = (
  <Link className="btn btn-secondary" to="/home/budget">
    Back to budgets
  </Link>
);

/** /home/updateBudget/{budgetID}: the patient, the lines, the total and the payment status. */
export function BudgetSummary(): ReactElement {
  const { budgetID } = useParams();
  const id = /^\d+$/.test(budgetID ?? '') ? Number(budgetID) : null;
  const loaded = useResource<BudgetDetails>(id ? `/Budgets/${id}` : null);
  // The answer of the Pending button replaces what was loaded (the local budget is marked paid).
  const [updated, setUpdated] = useState<BudgetDetails | null>(null);
  const [saving, setSaving] = useState(false);

  if (id === null || loaded.state === 'error') {
    return (
      <Page title="Budget summary" actions={back}>
        <p role="alert">{loaded.state === 'error' ? loaded.msg : MSG.budgetNotFound}</p>
      </Page>
    );
  }
  if (loaded.state === 'loading') return <Spinner />;
  const budget = updated?.ID === id ? updated : loaded.data;

  const markPaid = async (): Promise<void> => {
    const yes = await confirm({
      title: MSG.markPaidTitle,
      text: `Budget ${budget.ID} for ${budget.patientFullName}: ${formatAmount(budget.totalPrice)}`,
      icon: 'warning',
      confirmText: 'Mark as paid',
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setSaving(true);
    try {
      setUpdated(await request<BudgetDetails>('PUT', '/Budgets', { ID: budget.ID, paid: true }));
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setSaving(false);
    }
  };

  const { patient } = budget;
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
          <div className="table-scroll">
            <table className="table">
              <caption className="visually-hidden">Treatments of budget {budget.ID}</caption>
              <thead>
                <tr>
                  <th scope="col">Treatment ID</th>
                  <th scope="col">Treatment</th>
                  <th scope="col" className={styles.number}>
                    Price
                  </th>
                  <th scope="col" className={styles.number}>
                    Quantity
                  </th>
                  <th scope="col" className={styles.number}>
                    Sub-Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {budget.treatments.map((line) => (
                  <tr key={line.ID}>
                    <td>{line.ID}</td>
                    <td>{line.description || line.treatmentType}</td>
                    <td className={styles.number}>{formatAmount(line.price)}</td>
                    <td className={styles.number}>{line.quantity}</td>
                    <td className={styles.number}>{formatAmount(line.subTotalPrice)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {budget.discount ? <p className={styles.line}>Discount: {formatAmount(budget.discount)}</p> : null}
      <p className={styles.total}>
        Total price: <strong>{formatAmount(budget.totalPrice)}</strong>
      </p>
      <p className={styles.status} aria-live="polite">
        Payment status:{' '}
        {budget.paid ? (
          <strong className={styles.completed}>{paymentStatus(true)}</strong>
        ) : (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={saving}
            onClick={() => void markPaid()}
          >
            {paymentStatus(false)}
            <span className="visually-hidden"> (mark as paid)</span>
          </button>
        )}
      </p>
    </Page>
  );
}
