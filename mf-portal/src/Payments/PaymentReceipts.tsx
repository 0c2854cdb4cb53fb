import {
  answer,
  api,
  formatDate,
  LoadFailed,
  PdfButton,
  paymentReceiptFileName,
  paymentReceiptPdf,
  useBudgetMoney,
  useQuery,
} from '@clinic/kit';
import { type Budget, MSG } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import styles from './Payments.module.css';

/**
 * A budget's payments, each with its receipt as a PDF: shown once something was paid. Beside the
 * paid budget's own receipt (`besideBudgetReceipt`) only when it was paid in several payments: one
 * payment's receipt would be the same money twice.
 */
export function PaymentReceipts({
  budget,
  besideBudgetReceipt = false,
}: {
  budget: Budget;
  besideBudgetReceipt?: boolean;
}): ReactElement | null {
  const money = useBudgetMoney(budget);
  const load = useQuery(budget.paidAmount > 0 ? `budget:${budget.ID}:${budget.paidAmount}` : null, () =>
    answer(api.Budgets[':id'].$get({ param: { id: String(budget.ID) } })),
  );
  if (budget.paidAmount <= 0) return null;
  if (load.state === 'loading') {
    return (
      <p className="muted" role="status">
        {MSG.loadingPayments}
      </p>
    );
  }
  if (load.state === 'error') return <LoadFailed resource={load} />;
  const details = load.data;
  const payments = details.payments.filter((p) => p.kind === 'payment');
  if (besideBudgetReceipt && payments.length < 2) return null;
  return (
    <div className={styles.actions}>
      {payments.map((p) => (
        <PdfButton
          key={p.ID}
          label={`Receipt ${formatDate(p.date)} ${money(p.amount)}`}
          // The name starts with the text shown (label in name), then says whose budget it is.
          ariaLabel={`Receipt ${formatDate(p.date)} ${money(p.amount)}, payment of budget ${budget.ID}`}
          fileName={paymentReceiptFileName(details, p)}
          make={(clinic) => paymentReceiptPdf(details, p, clinic, money)}
        />
      ))}
    </div>
  );
}
