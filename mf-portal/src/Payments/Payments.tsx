import {
  $clinic,
  answer,
  answerAll,
  api,
  DetailList,
  formatDate,
  loadClinic,
  notifyFailure,
  Page,
  Spinner,
  useMoney,
  useQuery,
} from '@clinic/kit';
import { type Budget, MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { saveBlob } from '../ClinicHistory/pdf';
import styles from './Payments.module.css';
import { receiptFileName, receiptPdf } from './receipt';

/** The first treatment's description, or 'Has no description'. */
const descriptionOf = (budget: Budget): string => budget.treatments[0]?.description || MSG.hasNoDescription;

/** The patient's budgets, paid or not, newest first. */
const budgetsOf = (paid: 'true' | 'false') =>
  answerAll((page) => api.Budgets.$get({ query: { ...page, q: '', sort: 'date_desc', paid } }));

/** /home/payments (patient): the unpaid budgets, each with its PAY link; below, the paid ones with receipts. */
export function Payments(): ReactElement {
  const load = useQuery('budgets:unpaid', () => budgetsOf('false'));
  const money = useMoney();
  if (load.state === 'loading') return <Spinner label={MSG.loadingBudgets} showLabel />;
  if (load.state === 'error') {
    return (
      <Page title="Payments" width="narrow">
        <p role="alert">{load.msg}</p>
      </Page>
    );
  }
  return (
    <Page title="Payments" width="narrow">
      {load.data.length === 0 ? (
        <p className="muted">{MSG.noBudgets}</p>
      ) : (
        <ul className={styles.budgets}>
          {load.data.map((b) => (
            <li key={b.ID} className="card">
              <h3 id={`budget-${b.ID}`} className={styles.title}>
                Budget {b.ID}
              </h3>
              <DetailList
                rows={[
                  ['Total Price', money(b.totalPrice)],
                  ['Description', descriptionOf(b)],
                ]}
              />
              <PayLink budget={b} />
            </li>
          ))}
        </ul>
      )}
      <PaidBudgets />
    </Page>
  );
}

/** 'Paid': each paid budget's date, amount and its receipt as a PDF. */
function PaidBudgets(): ReactElement {
  const load = useQuery('budgets:paid', () => budgetsOf('true'));
  const money = useMoney();
  return (
    <section className={styles.paid} aria-labelledby="paid-budgets">
      <h3 id="paid-budgets">{MSG.paidBudgets}</h3>
      {load.state === 'loading' ? (
        <p className="muted" role="status">
          {MSG.loadingBudgets}
        </p>
      ) : load.state === 'error' ? (
        <p role="alert">{load.msg}</p>
      ) : load.data.length === 0 ? (
        <p className="muted">{MSG.noPaidBudgets}</p>
      ) : (
        <ul className={styles.budgets}>
          {load.data.map((b) => (
            <li key={b.ID} className="card">
              <h4 id={`paid-${b.ID}`} className={styles.title}>
                Budget {b.ID}
              </h4>
              <DetailList
                rows={[
                  ['Date', formatDate(b.updateDate)],
                  ['Amount', money(b.totalPrice)],
                  ['Description', descriptionOf(b)],
                ]}
              />
              <ReceiptButton budget={b} money={money} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Download receipt': the paid budget's receipt, made in the browser with jspdf, saved as a file. */
function ReceiptButton(props: { budget: Budget; money: (amount: number) => string }): ReactElement {
  const [busy, setBusy] = useState(false);
  const { budget } = props;
  const download = async (): Promise<void> => {
    setBusy(true);
    try {
      const clinic = $clinic.get() ?? (await loadClinic());
      saveBlob(await receiptPdf(budget, clinic?.name ?? '', props.money), receiptFileName(budget));
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      id={`receipt-${budget.ID}`}
      type="button"
      className="btn btn-secondary"
      aria-labelledby={`receipt-${budget.ID} paid-${budget.ID}`}
      disabled={busy}
      onClick={() => void download()}
    >
      Download receipt
    </button>
  );
}

/** Opens the budget's payment link; a budget without one gets it created on the spot. */
function PayLink({ budget }: { budget: Budget }): ReactElement {
  const [opening, setOpening] = useState(false);
  const labelledBy = `pay-${budget.ID} budget-${budget.ID}`;
  if (budget.linkPayment) {
    return (
      <a
        id={`pay-${budget.ID}`}
        className="btn btn-primary"
        href={budget.linkPayment}
        aria-labelledby={labelledBy}
      >
        PAY
      </a>
    );
  }
  const open = async (): Promise<void> => {
    setOpening(true);
    try {
      const preference = await answer(api.payments.create_preference.$post({ json: { ID: budget.ID } }));
      window.location.assign(preference.linkPayment);
    } catch (err) {
      setOpening(false);
      await notifyFailure(err);
    }
  };
  return (
    <button
      id={`pay-${budget.ID}`}
      type="button"
      className="btn btn-primary"
      aria-labelledby={labelledBy}
      disabled={opening}
      onClick={() => void open()}
    >
      PAY
    </button>
  );
}
