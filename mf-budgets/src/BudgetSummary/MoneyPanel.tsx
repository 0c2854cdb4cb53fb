import {
  answer,
  api,
  confirm,
  formatDate,
  formStyles,
  notifyFailure,
  PdfButton,
  paymentReceiptFileName,
  paymentReceiptPdf,
  SelectField,
  TextField,
  useBudgetMoney,
} from '@clinic/kit';
import type { BudgetDetails, BudgetPayment } from '@clinic/worker/contract';
import { MSG, refundBackWay } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useState } from 'react';
import styles from './BudgetSummary.module.css';
import { moneyFigures } from './moneyFigures';
import { movedBy } from './movedBy';

const METHOD_LABELS: Record<BudgetPayment['method'], string> = {
  online: 'Online',
  cash: 'Cash',
  card: 'Card',
  transfer: 'Transfer',
  credit: 'Credit',
  earlier: 'Recorded earlier',
};

const DESK_OPTIONS = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'transfer', label: 'Transfer' },
];

/** A typed amount in currency units, or null when it is not one. */
const amountOf = (text: string): number | null => {
  const n = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? Math.round(n * 100) / 100 : null;
};

/**
 * What 'Use credit' would pay of a budget: the patient's credit as far as it goes, never more than
 * the balance; null when there is nothing to use it on (no credit, paid or voided).
 */
export function creditToUse(
  budget: Pick<BudgetDetails, 'credit' | 'balance' | 'paid' | 'status'>,
): number | null {
  if (budget.status === 'Voided' || budget.paid || budget.credit <= 0 || budget.balance <= 0) return null;
  return Math.min(budget.credit, budget.balance);
}

interface PanelProps {
  budget: BudgetDetails;
  /** The budget as the server answered an action. */
  onChange: (budget: BudgetDetails) => void;
}

/**
 * The summary's money: what was paid and what is left, every payment and refund, and the medic's
 * actions: record a payment at the desk, refund a payment (to the card or as a credit), void a
 * budget nobody has paid.
 */
export function MoneyPanel({ budget, onChange }: PanelProps): ReactElement {
  const money = useBudgetMoney(budget);
  return (
    <section className={styles.section} aria-labelledby="summary-money">
      <h3 id="summary-money">Payments</h3>
      <p>
        {moneyFigures(budget).map((f, i) => (
          <span key={f.label}>
            {i > 0 ? ' · ' : null}
            {f.label}: <strong>{money(f.amount)}</strong>
          </span>
        ))}
        {budget.status === 'Partly paid' ? <> · {budget.status}</> : null}
        {budget.credit > 0 ? <> · Patient's credit: {money(budget.credit)}</> : null}
      </p>
      {budget.voidReason ? <p role="note">Voided: {budget.voidReason}</p> : null}
      {budget.payments.length === 0 ? (
        <p className="muted">No payments yet.</p>
      ) : (
        // On a phone each payment is a card of 'Date: …' rows (the kit's table-stack): no sideways scroll.
        <div className="table-scroll">
          <table className="table table-stack">
            <caption className="visually-hidden">Payments and refunds of budget {budget.ID}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Kind</th>
                <th scope="col">Method</th>
                <th scope="col">Amount</th>
                <th scope="col">By</th>
                <th scope="col">Reason</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {budget.payments.map((p) => (
                <tr key={p.ID}>
                  <td data-label="Date">{formatDate(p.date)}</td>
                  <td data-label="Kind">{p.kind === 'payment' ? 'Payment' : 'Refund'}</td>
                  <td data-label="Method">{METHOD_LABELS[movedBy(p, budget.payments)]}</td>
                  <td data-label="Amount">{p.kind === 'refund' ? `−${money(p.amount)}` : money(p.amount)}</td>
                  <td data-label="By">{p.by ?? '—'}</td>
                  <td data-label="Reason">{p.reason ?? ''}</td>
                  <td data-label="Receipt">
                    {p.kind === 'payment' ? (
                      <PdfButton
                        label="Receipt"
                        ariaLabel={`Receipt of the ${money(p.amount)} payment of ${formatDate(p.date)}`}
                        fileName={paymentReceiptFileName(budget, p)}
                        make={(clinic) => paymentReceiptPdf(budget, p, clinic, money)}
                        className="btn btn-secondary"
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creditToUse(budget) !== null ? <UseCredit budget={budget} onChange={onChange} /> : null}
      {budget.status !== 'Voided' && !budget.paid ? (
        <RecordPayment budget={budget} onChange={onChange} />
      ) : null}
      {budget.payments.some((p) => p.refundable > 0) ? (
        <RefundForm budget={budget} onChange={onChange} />
      ) : null}
      {budget.status !== 'Voided' && budget.payments.length === 0 ? (
        <VoidForm budget={budget} onChange={onChange} />
      ) : null}
    </section>
  );
}

/** 'Use credit': the patient's credit pays what it can of this budget (a payment made with credit). */
function UseCredit({ budget, onChange }: PanelProps): ReactElement {
  const money = useBudgetMoney(budget);
  const [busy, setBusy] = useState(false);
  const amount = creditToUse(budget) ?? 0;
  const use = async (): Promise<void> => {
    const yes = await confirm({
      title: MSG.useCreditTitle,
      text: `${money(amount)} of the patient's credit (${money(budget.credit)}) paid on budget ${budget.ID}`,
      icon: 'warning',
      confirmText: MSG.useCredit,
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setBusy(true);
    try {
      onChange(await answer(api.Budgets[':id'].credit.$post({ param: { id: String(budget.ID) } })));
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <p>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={busy}
        aria-describedby="use-credit-does"
        onClick={() => void use()}
      >
        {MSG.useCredit}
      </button>{' '}
      <span id="use-credit-does" className="muted">
        Pays {money(amount)} of this budget with the patient's credit.
      </span>
    </p>
  );
}

/** 'Record a payment': an amount (the balance by default) and how it was paid, at the desk. */
function RecordPayment({ budget, onChange }: PanelProps): ReactElement {
  const money = useBudgetMoney(budget);
  const [amount, setAmount] = useState(String(budget.balance));
  const [method, setMethod] = useState('cash');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const value = amountOf(amount);
    if (value === null) return setError(MSG.invalidAmount);
    if (value > budget.balance) return setError(MSG.amountAboveBalance);
    setError(undefined);
    const yes = await confirm({
      title: `${MSG.recordPayment}?`,
      text: `${money(value)} (${method}) on budget ${budget.ID}`,
      icon: 'warning',
      confirmText: MSG.recordPayment,
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setBusy(true);
    try {
      const next = await answer(
        api.Budgets[':id'].payments.$post({
          param: { id: String(budget.ID) },
          json: { amount: value, method: method as 'cash' | 'card' | 'transfer' },
        }),
      );
      onChange(next);
      setAmount(String(next.balance));
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={formStyles.compact}
      onSubmit={(e) => void submit(e)}
      aria-label={MSG.recordPayment}
      noValidate
    >
      <TextField
        label="Amount"
        name="paymentAmount"
        inputMode="decimal"
        value={amount}
        error={error}
        onChange={(e) => setAmount(e.target.value)}
      />
      <SelectField
        label="Method"
        name="paymentMethod"
        options={DESK_OPTIONS}
        value={method}
        onChange={(e) => setMethod(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {MSG.recordPayment}
      </button>
    </form>
  );
}

/** 'Refund': part or all of one payment, with a reason, to the card or as a credit. */
function RefundForm({ budget, onChange }: PanelProps): ReactElement {
  const money = useBudgetMoney(budget);
  const refundable = budget.payments.filter((p) => p.refundable > 0);
  const [paymentId, setPaymentId] = useState(String(refundable[0]?.ID ?? ''));
  const chosen = refundable.find((p) => String(p.ID) === paymentId) ?? refundable[0];
  const [amount, setAmount] = useState(String(chosen?.refundable ?? ''));
  const [reason, setReason] = useState('');
  const [to, setTo] = useState<'card' | 'credit'>('credit');
  const back = chosen ? refundBackWay(chosen.method) : null;
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!chosen) return;
    const value = amountOf(amount);
    const found = {
      amount:
        value === null ? MSG.invalidAmount : value > chosen.refundable ? MSG.refundAboveBalance : undefined,
      reason: reason.trim() ? undefined : MSG.refundReasonRequired,
    };
    setErrors(found);
    if (found.amount || found.reason || value === null) return;
    const yes = await confirm({
      title: 'Refund this payment?',
      text: `${money(value)} ${to === 'credit' || !back ? 'as a credit for the next budget' : back.label.toLowerCase()}: ${reason.trim()}`,
      icon: 'warning',
      confirmText: 'Refund',
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setBusy(true);
    try {
      onChange(
        await answer(
          api.Budgets[':id'].refunds.$post({
            param: { id: String(budget.ID) },
            json: { paymentId: chosen.ID, amount: value, reason: reason.trim(), to: back ? to : 'credit' },
          }),
        ),
      );
      setReason('');
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={formStyles.compact}
      onSubmit={(e) => void submit(e)}
      aria-label="Refund a payment"
      noValidate
    >
      <SelectField
        label="Payment to refund"
        name="refundPayment"
        options={refundable.map((p) => ({
          value: String(p.ID),
          label: `${formatDate(p.date)} · ${METHOD_LABELS[p.method]} · ${money(p.refundable)}`,
        }))}
        value={paymentId}
        onChange={(e) => {
          setPaymentId(e.target.value);
          const p = refundable.find((x) => String(x.ID) === e.target.value);
          if (p) setAmount(String(p.refundable));
        }}
      />
      <TextField
        label="Refund amount"
        name="refundAmount"
        inputMode="decimal"
        value={amount}
        error={errors.amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextField
        label="Reason"
        name="refundReason"
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <SelectField
        label="Refund to"
        name="refundTo"
        options={[
          { value: 'credit', label: 'Credit for the next budget' },
          // back the way it was paid (the card, cash, a transfer); credit goes back only as credit
          ...(back ? [{ value: 'card', label: back.label }] : []),
        ]}
        value={back ? to : 'credit'}
        onChange={(e) => setTo(e.target.value === 'card' ? 'card' : 'credit')}
      />
      <button type="submit" className="btn btn-secondary" disabled={busy}>
        Refund
      </button>
    </form>
  );
}

/** 'Void budget': only while nothing was paid, with a reason. */
function VoidForm({ budget, onChange }: PanelProps): ReactElement {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!reason.trim()) return setError(MSG.voidReasonRequired);
    setError(undefined);
    const yes = await confirm({
      title: 'Void this budget?',
      text: reason.trim(),
      icon: 'warning',
      confirmText: 'Void budget',
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setBusy(true);
    try {
      onChange(
        await answer(
          api.Budgets[':id'].void.$post({
            param: { id: String(budget.ID) },
            json: { reason: reason.trim() },
          }),
        ),
      );
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={formStyles.compact} onSubmit={(e) => void submit(e)} aria-label="Void budget" noValidate>
      <TextField
        label="Why void it"
        name="voidReason"
        value={reason}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="submit" className="btn btn-danger" disabled={busy}>
        Void budget
      </button>
    </form>
  );
}
