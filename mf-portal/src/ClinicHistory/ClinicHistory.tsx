import {
  ClinicalHistoryForm,
  DetailList,
  formatDate,
  HistoryChanges,
  Link,
  LoadFailed,
  Page,
  todayIso,
} from '@clinic/kit';
import { answersOf, historyEntries, MSG } from '@clinic/worker/contract';
import { type ReactElement, Suspense, useState } from 'react';
import styles from './ClinicHistory.module.css';
import { DownloadPdfButton } from './DownloadPdfButton';
import { useMyHistory } from './useMyHistory';

/**
 * /home/PatientCH, 'Clinic history': document, name, last name and today's date, every
 * entry of the clinical history under an upper-case label, and the PDF download.
 */
export function ClinicHistory(): ReactElement {
  const [tick, setTick] = useState(0);
  const [editing, setEditing] = useState(false);
  const { me, history } = useMyHistory(tick);
  const patientId = me?.patientID ?? null;
  const person = { document: me?.document ?? '', name: me?.name ?? '', lastName: me?.lastName ?? '' };
  const ready = history.state === 'ready' ? history.data : null;
  return (
    <Page
      title="Clinic history"
      width="narrow"
      actions={
        <>
          <Link className="btn btn-secondary" to="/home/evolutionsNStudies">
            Evolutions and studies
          </Link>
          <Link className="btn btn-secondary" to="/home/accessLog">
            {MSG.accessLog}
          </Link>
          {ready ? (
            <>
              <Link className="btn btn-secondary" to="/home/PatientCH/PatientCHPdf">
                View PDF
              </Link>
              {patientId !== null ? (
                <DownloadPdfButton patientId={patientId} person={person} history={ready} />
              ) : null}
            </>
          ) : null}
        </>
      }
    >
      <div className="card">
        <DetailList
          rows={[
            ['Document', person.document],
            ['Name', person.name],
            ['Last name', person.lastName],
            ['Date', formatDate(todayIso())],
          ]}
        />
      </div>
      <div className={`card ${styles.entries}`}>
        {history.state === 'loading' ? (
          <p className="muted" role="status">
            {MSG.loadingClinicHistory}
          </p>
        ) : history.state === 'error' ? (
          <LoadFailed resource={history} />
        ) : history.data === null ? (
          <p>
            {MSG.noClinicHistoryYet}{' '}
            <Link to="/home/create-clinical-history">Fill in my clinical history</Link>
          </p>
        ) : editing && patientId !== null ? (
          <Suspense fallback={<p className="muted">{MSG.loadingClinicHistory}</p>}>
            <ClinicalHistoryForm
              patient={patientId}
              current={answersOf(history.data)}
              version={history.data}
              onDone={() => {
                setEditing(false);
                setTick((t) => t + 1);
              }}
            />
          </Suspense>
        ) : (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              Update my clinical history
            </button>
            {patientId !== null ? <HistoryChanges patientId={patientId} version={history.data} /> : null}
            <DetailList rows={historyEntries(history.data)} />
          </>
        )}
      </div>
    </Page>
  );
}
