import {
  $clinic,
  answer,
  answerAll,
  api,
  budgetQuotePdf,
  DetailList,
  formatDate,
  LoadFailed,
  loadClinic,
  notifyFailure,
  Page,
  PdfButton,
  quoteFileName,
  type Resource,
  Spinner,
  useClinic,
  useMoney,
  useQuery,
} from '@clinic/kit';
import { type Budget, MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { saveBlob } from '../ClinicHistory/pdf';
import { CreditLine } from './CreditLine';
import { clinicToday, quoteExpiredNotice } from './expiry';
import { PaymentReceipts } from './PaymentReceipts';
import styles from './Payments.module.css';
import { receiptFileName, receiptPdf } from './receipt';

/** The first treatment's description, or 'Has no description'. */
const descriptionOf = (budget: Budget): string => budget.treatments[0]?.description || MSG.hasNoDescription;

/** The patient's budgets, paid or not, newest first. */
const budgetsOf = (paid: 'true' | 'false') =>
  answerAll((page) => api.Budgets.$get({ query: { ...page, q: '', sort: 'date_desc', paid } }));

/** /home/payments (patient): the unpaid budgets, each with its PAY link; below, the paid ones with receipts. */
export function Payments(): ReactElement {
  // Both lists are asked for at once: the paid one does not wait for the unpaid one to arrive.
  const load = useQuery('budgets:unpaid', () => budgetsOf('false'));
  const paid = useQuery('budgets:paid', () => budgetsOf('true'));
  const money = useMoney();
  const clinic = useClinic();
  const depositPercent = clinic.state === 'ready' ? clinic.data.minDepositPercent : 100;
  // A quote past its validity date (the clinic's today) is not paid online: the patient asks for a new one.
  const today = clinicToday(clinic.state === 'ready' ? clinic.data.timeZone : undefined);
  if (load.state === 'loading') {
    return (
      <Page title="Payments" width="narrow">
        <Spinner label={MSG.loadingBudgets} showLabel />
      </Page>
    );
  }
  if (load.state === 'error') {
    return (
      <Page title="Payments" width="narrow">
        <LoadFailed resource={load} />
      </Page>
    );
  }
  return (
    <Page title="Payments" width="narrow">
      <CreditLine />
      {/* paid=false is what is still owed: the server leaves voided budgets out */}
      {load.data.length === 0 ? (
        <p className="muted">{MSG.noBudgets}</p>
      ) : (
        <ul className={styles.budgets}>
          {load.data.map((b) => {
            // A budget's amounts are in the currency it was made in.
            const own = (amount: number) => money(amount, b.currency);
            return (
              <li key={b.ID} className="card">
                <h3 id={`budget-${b.ID}`} className={styles.title}>
                  Budget {b.ID}
                </h3>
                <DetailList
                  rows={[
                    ['Total Price', own(b.totalPrice)],
                    ['Description', descriptionOf(b)],
                    ...(b.paidAmount > 0
                      ? ([
                          ['Paid', own(b.paidAmount)],
                          ['Left to pay', own(b.balance)],
                        ] as [string, string][])
                      : []),
                  ]}
                />
                <BudgetLines budget={b} money={own} />
                <PaymentReceipts budget={b} />
                <div className={styles.actions}>
                  <PayOrExpired budget={b} today={today} percent={depositPercent} money={own} />
                  <PdfButton
                    label="Download quote"
                    ariaLabel={`Download quote of budget ${b.ID}`}
                    fileName={quoteFileName(b)}
                    make={(c) => budgetQuotePdf(b, c, money)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <PaidBudgets load={paid} />
    </Page>
  );
}

/** 'Paid': each paid budget's date, amount and its receipt as a PDF. */
function PaidBudgets({ load }: { load: Resource<Budget[]> }): ReactElement {
  const money = useMoney();
  return (
    <section className={styles.paid} aria-labelledby="paid-budgets">
      <h3 id="paid-budgets">{MSG.paidBudgets}</h3>
      {load.state === 'loading' ? (
        <p className="muted" role="status">
          {MSG.loadingBudgets}
        </p>
      ) : load.state === 'error' ? (
        <LoadFailed resource={load} />
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
                  ['Amount', money(b.totalPrice, b.currency)],
                  ['Description', descriptionOf(b)],
                ]}
              />
              <ReceiptButton budget={b} money={(amount) => money(amount, b.currency)} />
              <PaymentReceipts budget={b} besideBudgetReceipt />
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

/** Every line of a budget: what the patient pays for, before paying. */
export function BudgetLines(props: { budget: Budget; money: (amount: number) => string }): ReactElement {
  const { budget, money } = props;
  return (
    <div className={styles.lines}>
      {/* On a phone each line is a card of 'Treatment: …' rows (the kit's table-stack): no sideways scroll. */}
      <table className="table-stack">
        <caption className="visually-hidden">Treatments of budget {budget.ID}</caption>
        <thead>
          <tr>
            <th scope="col">Treatment</th>
            <th scope="col">Tooth</th>
            <th scope="col">Quantity</th>
            <th scope="col">Sub-Total</th>
          </tr>
        </thead>
        <tbody>
          {budget.treatments.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a budget's lines keep their order
            <tr key={i}>
              <td data-label="Treatment">{l.description || l.treatmentType}</td>
              <td data-label="Tooth">{l.toothID ?? '—'}</td>
              <td data-label="Quantity">{l.quantity}</td>
              <td data-label="Sub-Total">{money(l.subTotalPrice)}</td>
            </tr>
          ))}
        </tbody>
        {budget.discount ? (
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Discount
              </th>
              <td>−{money(budget.discount)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** The least deposit the clinic takes: its share of the total, or all that is left when less. */
export const depositOf = (budget: Pick<Budget, 'totalPrice' | 'balance'>, percent: number): number =>
  Math.min(Math.ceil(budget.totalPrice * percent) / 100, budget.balance);

/** 'Pay a deposit': shown when the clinic takes deposits and the deposit is less than the balance. */
function DepositButton(props: {
  budget: Budget;
  percent: number;
  money: (amount: number) => string;
}): ReactElement | null {
  const [opening, setOpening] = useState(false);
  const { budget, percent } = props;
  const deposit = depositOf(budget, percent);
  if (percent >= 100 || deposit >= budget.balance) return null;
  const open = async (): Promise<void> => {
    setOpening(true);
    try {
      const preference = await answer(
        api.payments.create_preference.$post({ json: { ID: budget.ID, amount: deposit } }),
      );
      window.location.assign(preference.linkPayment);
    } catch (err) {
      setOpening(false);
      await notifyFailure(err);
    }
  };
  return (
    <button
      id={`deposit-${budget.ID}`}
      type="button"
      className="btn btn-secondary"
      aria-labelledby={`deposit-${budget.ID} budget-${budget.ID}`}
      disabled={opening}
      onClick={() => void open()}
    >
      Pay a deposit of {props.money(deposit)}
    </button>
  );
}

/** PAY (and the deposit) while the quote holds; once it expired, a note saying so instead. */
function PayOrExpired(props: {
  budget: Budget;
  today: string;
  percent: number;
  money: (amount: number) => string;
}): ReactElement {
  const expired = quoteExpiredNotice(props.budget, props.today, formatDate);
  if (expired) {
    return (
      <p id={`expired-${props.budget.ID}`} className={styles.expired}>
        {expired}
      </p>
    );
  }
  return (
    <>
      <PayLink budget={props.budget} />
      <DepositButton budget={props.budget} percent={props.percent} money={props.money} />
    </>
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
