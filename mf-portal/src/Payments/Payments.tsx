import {
  answer,
  answerAll,
  api,
  DetailList,
  formatAmount,
  notifyFailure,
  Page,
  Spinner,
  useQuery,
} from '@clinic/kit';
import { type Budget, MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import styles from './Payments.module.css';

/** The first treatment's description, or 'Has no description'. */
const descriptionOf = (budget: Budget): string => budget.treatments[0]?.description || MSG.hasNoDescription;

/** /home/payments (patient): the unpaid budgets, each with its PAY link. */
export function Payments(): ReactElement {
  const load = useQuery('budgets:unpaid', () =>
    answerAll((page) => api.Budgets.$get({ query: { ...page, q: '', sort: 'date_desc', paid: 'false' } })),
  );
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
                  ['Total Price', formatAmount(b.totalPrice)],
                  ['Description', descriptionOf(b)],
                ]}
              />
              <PayLink budget={b} />
            </li>
          ))}
        </ul>
      )}
    </Page>
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
