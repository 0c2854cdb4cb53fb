import {
  answersOf,
  CLINICAL_HISTORY_GROUPS,
  type ClinicalHistory,
  type ClinicalHistoryAnswers,
  type ClinicalHistoryDraft,
  ClinicalHistoryUpdateSchema,
  CONDITION_KEYS,
  CONDITION_LABELS,
  type ConditionKey,
  MSG,
  OTHER_KEYS,
  openConditions,
} from '@clinic/worker/contract';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { ApiError, answer, api } from '../api';
import { notify } from '../dialogs/dialogs';
import { notifyFailure } from '../dialogs/notifyFailure';
import { SelectField, TextField } from '../fields/fields';
import { DraftNotice } from '../forms/DraftNotice';
import { ifMatch } from '../forms/stale';
import { type SchemaForm, useSchemaForm } from '../forms/useSchemaForm';
import { useQuery } from '../useQuery';
import styles from './ClinicalHistoryForm.module.css';
import { changedAnswers } from './changedAnswers';

const YES_NO = [
  { value: 'YES', label: 'YES' },
  { value: 'NO', label: 'NO' },
];

/** Nothing answered: each condition waits for a YES or a NO (no answer is presumed). */
const EMPTY = Object.fromEntries([
  ...CONDITION_KEYS.map((k) => [k, undefined]),
  ...OTHER_KEYS.map((k) => [k, '']),
]) as ClinicalHistoryDraft;

const yesNoOf = (answer: boolean | undefined): string => (answer === undefined ? '' : answer ? 'YES' : 'NO');

const fieldId = (key: ConditionKey): string => `ch-${key}`;

/** How many questions still wait for a YES or a NO. */
const remainingOf = (open: readonly string[]): string =>
  open.length === 0
    ? 'Every question is answered.'
    : `${open.length} of ${CONDITION_KEYS.length} questions still open: choose YES or NO for each.`;

type HistoryForm = SchemaForm<ClinicalHistoryDraft, typeof ClinicalHistoryUpdateSchema>;

/** Whose history it is, as soon as the patient is read. */
function PatientLine(props: { patient: number }): ReactElement {
  const person = useQuery(`patient:${props.patient}`, () =>
    answer(api.patients[':id'].$get({ param: { id: String(props.patient) } })),
  );
  return (
    <p className={styles.patient}>
      Patient:{' '}
      <strong>
        {person.state === 'ready'
          ? `${person.data.name} ${person.data.lastName} · DNI ${person.data.document}`
          : person.state === 'error'
            ? `ID ${props.patient}`
            : 'Loading...'}
      </strong>
    </p>
  );
}

/** One fieldset per group: YES or NO for each of its conditions, then its 'other' text. */
function ConditionGroups(props: { form: HistoryForm }): ReactElement {
  const { form } = props;
  const answers = form.values;
  return (
    <>
      {CLINICAL_HISTORY_GROUPS.map((g) => (
        <fieldset key={g.prefix} className={styles.group}>
          <legend>{g.title}</legend>
          {g.conditions.map((key) => (
            <SelectField
              key={key}
              id={fieldId(key)}
              name={key}
              label={CONDITION_LABELS[key]}
              options={YES_NO}
              placeholder="Choose YES or NO"
              required
              value={yesNoOf(answers[key])}
              error={form.errorOf(key)}
              onChange={(e) => form.set(key, e.target.value === '' ? undefined : e.target.value === 'YES')}
            />
          ))}
          <TextField
            name={g.other}
            label={`Other (${g.title.toLowerCase()})`}
            value={answers[g.other]}
            maxLength={500}
            error={form.errorOf(g.other)}
            onChange={form.bind(g.other)}
          />
        </fieldset>
      ))}
    </>
  );
}

/** The summary to confirm: every answer by group, then Send or Don't save (Escape is Don't save). */
function SummaryDialog(props: {
  answers: ClinicalHistoryDraft;
  updating: boolean;
  reviewing: boolean;
  sending: boolean;
  onSend: () => void;
  onDecline: () => void;
}): ReactElement {
  const { answers, reviewing } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (reviewing && !d.open) d.showModal();
    if (!reviewing && d.open) d.close();
  }, [reviewing]);
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="ch-summary-title"
      onCancel={(e) => {
        e.preventDefault();
        props.onDecline();
      }}
    >
      <h3 id="ch-summary-title">
        {props.updating ? 'Confirm the updated clinical history' : 'Confirm the clinical history'}
      </h3>
      <div className={styles.summary}>
        {CLINICAL_HISTORY_GROUPS.map((g) => (
          <div key={g.prefix}>
            <h4>{g.title}</h4>
            <ul>
              {g.conditions.map((key) => (
                <li key={key}>
                  {CONDITION_LABELS[key]}: <strong>{yesNoOf(answers[key])}</strong>
                </li>
              ))}
              <li>
                Other: <strong>{answers[g.other].trim() || '—'}</strong>
              </li>
            </ul>
          </div>
        ))}
      </div>
      <div className={styles.actions}>
        <button type="button" className="btn btn-primary" disabled={props.sending} onClick={props.onSend}>
          Send
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={props.sending}
          onClick={props.onDecline}
        >
          Don't save
        </button>
      </div>
    </dialog>
  );
}

/**
 * Sending the confirmed answers: a new history (POST), or a new version of the one read (PUT with
 * If-Match). A 412 makes the version someone else saved the base and says which answers they
 * changed; a 409 says the history exists already.
 */
function useSendHistory(options: {
  patient: number;
  updating: boolean;
  version: ClinicalHistory | undefined;
  onDone: () => void;
  /** Closes the summary once the save is answered, whichever the answer. */
  onAnswered: () => void;
  /** The answers were saved: their draft goes. */
  onSaved: () => void;
}) {
  const { patient, updating, onDone, onAnswered, onSaved } = options;
  const [base, setBase] = useState(options.version);
  const [sending, setSending] = useState(false);

  const send = async (answers: ClinicalHistoryAnswers): Promise<void> => {
    setSending(true);
    try {
      if (updating) {
        const saved = await answer(
          api.clinicalhistories[':id'].$put(
            { param: { id: String(patient) }, json: answers },
            base ? ifMatch(base) : undefined,
          ),
        );
        onAnswered();
        onSaved();
        await notify({ title: saved.msg, icon: 'success' });
        onDone();
        return;
      }
      await answer(api.clinicalhistories.$post({ json: { ...answers, patient } }));
      onAnswered();
      onSaved();
      await notify({ title: MSG.sentCorrectly, icon: 'success' });
      onDone();
    } catch (err) {
      onAnswered();
      if (err instanceof ApiError && err.status === 412 && err.current && base) {
        // Someone else saved a version meanwhile: it becomes the base, the answers chosen here stay.
        const now = err.current as unknown as ClinicalHistory;
        const changed = changedAnswers(answersOf(base), answersOf(now));
        setBase(now);
        const label = (k: string) => (k in CONDITION_LABELS ? CONDITION_LABELS[k as ConditionKey] : k);
        await notify({
          title: MSG.staleRecord,
          text: changed.length
            ? `${MSG.staleFields} ${changed.map(label).join(', ')}. ${MSG.staleKept}`
            : MSG.staleKept,
          icon: 'warning',
        });
      } else if (err instanceof ApiError && err.status === 409) {
        await notify({ title: MSG.clinicalHistoryExists, icon: 'warning' });
        onDone();
      } else await notifyFailure(err);
    } finally {
      setSending(false);
    }
  };
  return { send, sending };
}

/**
 * The clinical history questionnaire for the patient it names at the top: YES or NO for each
 * condition (none chosen beforehand; the form counts those still open and, once Submit is tried,
 * marks each of them) and an 'other' text per group, then a summary to confirm with Send or Don't
 * save. Created once ('You are already have a clinic history!'); `onDone` runs after it is sent or
 * found to exist. A medic fills it in for a patient, a patient for themselves (the API checks which).
 */
export function ClinicalHistoryForm({
  patient,
  onDone,
  current,
  version,
}: {
  patient: number;
  onDone: () => void;
  /** Updating: the answers as they are now (the form starts from them and saves a new version). */
  current?: ClinicalHistoryAnswers;
  /**
   * Updating: the record as read. The save goes only if nobody changed it meanwhile (If-Match); a
   * 412 says which answers someone else changed, keeps what was chosen here, and the next Send,
   * made knowing, goes through.
   */
  version?: ClinicalHistory;
}): ReactElement {
  const updating = current !== undefined;
  const [initial] = useState<ClinicalHistoryDraft>(() => (current ? { ...current } : EMPTY));
  // A question left open says so under it once Submit is tried; nothing pops up. The answers are
  // this user's draft for the patient until sent; an edit's keeps the version it started from, so
  // a draft sent after someone saved a newer one meets the 412 below, never overwrites it silently.
  const form = useSchemaForm({
    schema: ClinicalHistoryUpdateSchema,
    initial,
    notifyInvalid: false,
    draft: { scope: `clinical-history:${patient}:${updating ? 'edit' : 'new'}`, base: version },
  });
  const answers = form.values;
  const [reviewing, setReviewing] = useState(false);
  const { send, sending } = useSendHistory({
    patient,
    updating,
    version: (form.restoredBase as ClinicalHistory | undefined) ?? version,
    onDone,
    onAnswered: () => setReviewing(false),
    onSaved: form.forgetDraft,
  });
  // Created once: a patient who already has one is told so at once, not after filling the form in.
  const existing = useQuery<ClinicalHistory | null>(
    updating ? null : `clinical-history:${patient}`,
    () => answer(api.clinicalhistories.search.$get({ query: { id: String(patient) } })),
    { notFound: null },
  );
  const open = openConditions(answers);

  const review = form.submit(async () => setReviewing(true));
  const decline = async (): Promise<void> => {
    setReviewing(false);
    await notify({ title: MSG.formNotSend, icon: 'info', timer: 1500 });
  };

  if (!updating && existing.state === 'loading') {
    return (
      <p className="muted" role="status">
        {MSG.loadingClinicHistory}
      </p>
    );
  }
  if (!updating && existing.state === 'ready' && existing.data) {
    return (
      <div className={styles.exists}>
        <p role="status">{MSG.clinicalHistoryExists}</p>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          See Clinical History
        </button>
      </div>
    );
  }

  return (
    <>
      <PatientLine patient={patient} />
      <DraftNotice restored={form.restored} onDiscard={() => form.reset()} />
      <form
        onSubmit={(event) => {
          review(event);
          if (open.length > 0) document.getElementById(fieldId(open[0] as ConditionKey))?.focus();
        }}
        className={styles.form}
        noValidate
      >
        <ConditionGroups form={form} />
        <p className={styles.remaining} role="status">
          {remainingOf(open)}
        </p>
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary">
            {updating ? 'Save changes' : 'Submit'}
          </button>
          {updating ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                form.reset();
                onDone();
              }}
            >
              Cancel
            </button>
          ) : null}
        </div>
      </form>
      <SummaryDialog
        answers={answers}
        updating={updating}
        reviewing={reviewing}
        sending={sending}
        onSend={() => void send(answers as ClinicalHistoryAnswers)}
        onDecline={() => void decline()}
      />
    </>
  );
}
