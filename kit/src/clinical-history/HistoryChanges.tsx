import {
  CLINICAL_HISTORY_GROUPS,
  type ClinicalHistoryVersion,
  CONDITION_LABELS,
  changedFields,
} from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import { answer, api } from '../api';
import { formatDate } from '../format';
import { useQuery } from '../useQuery';
import styles from './ClinicalHistoryForm.module.css';

/**
 * The versions kept of a clinical history, once it was updated: the latest's number, date and
 * author, and what changed since the one before. `version` is the history as shown: a new one re-reads the versions.
 */
export function HistoryChanges(props: { patientId: number; version: unknown }): ReactElement | null {
  const versions = useQuery<ClinicalHistoryVersion[]>(
    `history-versions:${props.patientId}:${JSON.stringify(props.version)}`,
    () => answer(api.clinicalhistories[':id'].versions.$get({ param: { id: String(props.patientId) } })),
    { notFound: [] },
  );
  if (versions.state !== 'ready') return null;
  const [latest, previous] = versions.data;
  // One version has nothing to compare with: the answers below say it all.
  if (!latest || !previous) return null;
  const by = latest.author ? ` by ${latest.author}` : '';
  const changed = previous ? changedFields(previous.answers, latest.answers) : [];
  const show = (v: boolean | string): string => (typeof v === 'boolean' ? (v ? 'YES' : 'NO') : v || '—');
  return (
    <div className={styles.changes}>
      <p>
        Version {latest.version}, {formatDate(latest.createdAt.slice(0, 10))}
        {by}.
      </p>
      {previous ? (
        <>
          <p>Changed since version {previous.version}:</p>
          <ul aria-label="Changes since the previous version">
            {changed.map((k) => (
              <li key={k}>
                {k in CONDITION_LABELS
                  ? CONDITION_LABELS[k as keyof typeof CONDITION_LABELS]
                  : `Other (${CLINICAL_HISTORY_GROUPS.find((g) => g.other === k)?.title.toLowerCase()})`}
                : {show(previous.answers[k])} → <strong>{show(latest.answers[k])}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
