import {
  $session,
  answer,
  answerAll,
  api,
  formatDate,
  formatMoneyTotals,
  hoursToMinutes,
  Link,
  LoadFailed,
  Page,
  type Resource,
  useClinic,
  useQuery,
  useTurnActions,
} from '@clinic/kit';
import {
  type Budget,
  type Clinic,
  decimalToTime,
  firstBookableDate,
  longDate,
  MSG,
  patientTurnTitle,
  type Turn,
} from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { type ReactElement, useState } from 'react';
import { heldConsultation } from '../AppointmentRequest/consultation';
import { useMyTurns } from '../AppointmentRequest/MyTurns';
import { useConsultationPrice } from '../consultationPrice';
import { useCreditText } from '../Payments/CreditLine';
import { clinicToday } from '../Payments/expiry';
import { useDependants } from '../useDependants';
import { downloadTurn } from './calendarFile';
import styles from './PortalHome.module.css';
import { patientWelcome } from './welcome';

const SHORTCUTS: readonly [to: string, label: string, hint: string][] = [
  ['/home/data', 'My data', 'What the clinic knows about you'],
  ['/home/PatientCH', 'Clinic history', 'Your health questionnaire, and its PDF'],
  ['/home/evolutionsNStudies', 'Evolutions and studies', 'Your visit notes and exam files'],
  ['/home/updatePassword', 'Update password', 'Change the password you sign in with'],
];

/**
 * /home (patient): what patients come for first — their next turn (confirm, cancel, add to their
 * calendar), booking with the consultation's price, what is left to pay, their check-up or
 * waitlist — then the way to their records, and their dependants.
 */
export function PortalHome(): ReactElement {
  const session = useStore($session);
  const clinic = useClinic();
  const dependants = useDependants();
  return (
    <Page title="Home" width="narrow">
      {session ? <p className={styles.welcome}>{patientWelcome(session)}</p> : null}
      <div className={styles.cards}>
        {clinic.state === 'ready' ? <TurnCards clinic={clinic.data} /> : null}
        <BalanceCard />
        <RecallOrWaitlist />
      </div>
      <ul className={styles.shortcuts} aria-label="Shortcuts">
        {SHORTCUTS.map(([to, label, hint]) => (
          <li key={to}>
            <Link className={styles.shortcut} to={to}>
              <strong>{label}</strong>
              <span className="muted">{hint}</span>
            </Link>
          </li>
        ))}
      </ul>
      {dependants.state === 'ready' && dependants.data.length > 0 ? (
        <section className={styles.dependants} aria-labelledby="dependants-title">
          <h3 id="dependants-title">{MSG.dependants}</h3>
          <ul className={styles.shortcuts}>
            {dependants.data.map((d) => (
              <li key={d.ID}>
                <Link className={styles.shortcut} to={`/home/appointment?for=${d.ID}`}>
                  <strong>{d.fullName}</strong>
                  <span className="muted">Request a consultation for {d.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : dependants.state === 'error' ? (
        <LoadFailed resource={dependants} />
      ) : null}
    </Page>
  );
}

/**
 * The next turn, then booking; but a patient who holds a consultation ahead is not offered another
 * (the server would refuse it): that consultation is shown instead, unless it is the next turn.
 */
function TurnCards({ clinic }: { clinic: Clinic }): ReactElement {
  const [tick, setTick] = useState(0);
  const mine = useMyTurns(tick, clinic.timeZone);
  const next = nextOf(mine);
  const held =
    mine.state === 'ready'
      ? heldConsultation(mine.data, firstBookableDate(new Date(), clinic.timeZone))
      : undefined;
  return (
    <>
      <NextTurn clinic={clinic} mine={mine} next={next} onChanged={() => setTick((t) => t + 1)} />
      {mine.state === 'loading' ? null : !held ? (
        <BookCard />
      ) : held.ID !== next?.ID ? (
        <HeldConsultation turn={held} clinic={clinic} />
      ) : null}
    </>
  );
}

/** The earliest of the patient's turns ahead, with Confirm, Cancel and Add to calendar. */
function NextTurn(props: {
  clinic: Clinic;
  mine: Resource<Turn[]>;
  next: Turn | undefined;
  onChanged: () => void;
}): ReactElement {
  const { clinic, mine, next } = props;
  const session = useStore($session);
  const { buttonOf } = useTurnActions('patient', {
    timeZone: clinic.timeZone,
    onChanged: props.onChanged,
  });
  return (
    <section className={`card ${styles.card}`} aria-labelledby="next-turn-title">
      <h2 id="next-turn-title" className={styles.heading}>
        Your next turn
      </h2>
      {mine.state === 'loading' ? (
        <p className="muted" role="status">
          {MSG.loadingTurns}
        </p>
      ) : mine.state === 'error' ? (
        <LoadFailed resource={mine} />
      ) : !next ? (
        <p className="muted">You have no turns ahead.</p>
      ) : (
        <>
          <p className={styles.big}>
            {longDate(next.date, clinic.dateOrder)} · {decimalToTime(next.time)}
          </p>
          <p>
            {patientTurnTitle(next.description)} · {hoursToMinutes(next.duration)} minutes
          </p>
          <p className="muted">
            {next.patientAccepts
              ? 'You confirmed this turn.'
              : next.isConsultation && next.budgetPaid === false
                ? MSG.payConsultationFirst
                : 'Please confirm this turn.'}
          </p>
          <div className={styles.actions}>
            {!next.patientAccepts && !(next.isConsultation && next.budgetPaid === false) ? (
              <button className="btn btn-primary" {...buttonOf(next, 'accept')}>
                Confirm
              </button>
            ) : null}
            <button className="btn btn-danger" {...buttonOf(next, 'cancel')}>
              Cancel
            </button>
            {session ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() =>
                  downloadTurn(next, clinic, {
                    name: `${session.name} ${session.lastName}`.trim(),
                    email: session.email,
                  })
                }
              >
                Add to calendar
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

/** The first turn by date and time. */
function nextOf(mine: Resource<Turn[]>): Turn | undefined {
  if (mine.state !== 'ready') return undefined;
  return [...mine.data].sort((a, b) => a.date.localeCompare(b.date) || a.time - b.time)[0];
}

/** The consultation the patient holds when another turn comes first: why booking is not offered. */
function HeldConsultation({ turn, clinic }: { turn: Turn; clinic: Clinic }): ReactElement {
  return (
    <section className={`card ${styles.card}`} aria-labelledby="held-consultation-title">
      <h2 id="held-consultation-title" className={styles.heading}>
        Your consultation
      </h2>
      <p className={styles.big}>
        {longDate(turn.date, clinic.dateOrder)} · {decimalToTime(turn.time)}
      </p>
      <p className="muted">{MSG.alreadyHaveConsultation}</p>
      <Link to="/home/appointment">See my turns</Link>
    </section>
  );
}

/** 'Book an appointment', with what a consultation costs. */
function BookCard(): ReactElement {
  const price = useConsultationPrice();
  return (
    <section className={`card ${styles.card}`} aria-labelledby="book-title">
      <h2 id="book-title" className={styles.heading}>
        Book an appointment
      </h2>
      <p>
        {price.state === 'ready'
          ? `A consultation costs ${price.data}.`
          : price.state === 'error'
            ? price.msg
            : 'Loading the price...'}
      </p>
      <Link className="btn btn-primary" to="/home/appointment">
        Book an appointment
      </Link>
    </section>
  );
}

/** What is left to pay online on the patient's budgets (not voided, quote not expired), with Pay; nothing when none. */
function BalanceCard(): ReactElement | null {
  const clinic = useClinic();
  const credit = useCreditText();
  const load = useQuery('home:unpaid', () =>
    answerAll((page) => api.Budgets.$get({ query: { ...page, q: '', sort: 'date_desc', paid: 'false' } })),
  );
  if (load.state === 'loading') return null;
  if (load.state === 'error') {
    return (
      <section className={`card ${styles.card}`} aria-labelledby="balance-title">
        <h2 id="balance-title" className={styles.heading}>
          To pay
        </h2>
        <LoadFailed resource={load} />
      </section>
    );
  }
  // An expired quote (its validity date before the clinic's today) is not paid online: Payments says so.
  const today = clinicToday(clinic.state === 'ready' ? clinic.data.timeZone : undefined);
  // paid=false leaves voided budgets out (the server's rule), and an expired quote is not paid online.
  const due = load.data.filter((b: Budget) => b.balance > 0 && !(b.validUntil && b.validUntil < today));
  if (due.length === 0) {
    return credit === null ? null : (
      <section className={`card ${styles.card}`} aria-labelledby="balance-title">
        <h2 id="balance-title" className={styles.heading}>
          Credit
        </h2>
        <p role="note">{credit}</p>
        <p className="muted">Your next budget uses it first.</p>
      </section>
    );
  }
  return (
    <section className={`card ${styles.card}`} aria-labelledby="balance-title">
      <h2 id="balance-title" className={styles.heading}>
        To pay
      </h2>
      <p className={styles.big}>
        {formatMoneyTotals(
          due.map((b) => ({ amount: b.balance, currency: b.currency })),
          '',
        )}
      </p>
      <p className="muted">
        {due.length === 1 ? `Budget ${due[0]?.ID}` : `${due.length} budgets`} waiting for payment.
      </p>
      {credit === null ? null : <p role="note">{credit}</p>}
      <Link className="btn btn-primary" to="/home/payments">
        Pay
      </Link>
    </section>
  );
}

/** The check-up due, or the waitlist entries; nothing when there is neither. */
function RecallOrWaitlist(): ReactElement | null {
  const recall = useQuery('my-recall', () => answer(api.recalls.mine.$get()));
  const list = useQuery('my-waitlist', () => answer(api.waitlist.$get()));
  const due = recall.state === 'ready' ? recall.data.dueDate : null;
  const waiting = list.state === 'ready' ? list.data.length : 0;
  if (!due && waiting === 0) return null;
  return (
    <section className={`card ${styles.card}`} aria-labelledby="recall-home-title">
      <h2 id="recall-home-title" className={styles.heading}>
        {due ? 'Check-up' : 'Waitlist'}
      </h2>
      {due ? <p>Your next check-up is due on {formatDate(due)}.</p> : null}
      {waiting > 0 ? (
        <p>
          You are on the waitlist ({waiting === 1 ? 'one entry' : `${waiting} entries`}): we e-mail you when a
          turn comes free.
        </p>
      ) : null}
      <Link to="/home/waitlist">See the waitlist</Link>
    </section>
  );
}
