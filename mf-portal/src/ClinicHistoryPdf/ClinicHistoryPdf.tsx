import { Link, LoadFailed, Page, todayIso } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import { type ReactElement, useEffect, useState } from 'react';
import { DownloadPdfButton } from '../ClinicHistory/DownloadPdfButton';
import { historyDocument, PDF_FILE_NAME } from '../ClinicHistory/pdf';
import { useMyHistory } from '../ClinicHistory/useMyHistory';
import styles from './ClinicHistoryPdf.module.css';

/** /home/PatientCH/PatientCHPdf: the 'Clinic History.pdf' the Download button saves, shown in the page. */
export function ClinicHistoryPdf(): ReactElement {
  const { me, history } = useMyHistory();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const data = history.state === 'ready' ? history.data : null;
  const dni = me?.document ?? '';
  const name = me?.name ?? '';
  const lastName = me?.lastName ?? '';

  const patientId = me?.patientID ?? null;
  useEffect(() => {
    if (!data || patientId === null) return;
    let live = true;
    let made: string | null = null;
    historyDocument(patientId, { document: dni, name, lastName }, data, todayIso()).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [data, patientId, dni, name, lastName]);

  const back = (
    <Link className="btn btn-secondary" to="/home/PatientCH">
      Back to clinic history
    </Link>
  );
  return (
    <Page
      title={PDF_FILE_NAME}
      actions={
        <>
          {back}
          {data && patientId !== null ? (
            <DownloadPdfButton
              patientId={patientId}
              person={{ document: dni, name, lastName }}
              history={data}
            />
          ) : null}
        </>
      }
    >
      {history.state === 'error' ? (
        <LoadFailed resource={history} />
      ) : history.state === 'ready' && history.data === null ? (
        <p>{MSG.noClinicHistoryYet}</p>
      ) : failed ? (
        <p role="alert">{MSG.somethingWentWrong}</p>
      ) : url ? (
        <iframe className={styles.preview} src={url} title={PDF_FILE_NAME} />
      ) : (
        <p className="muted" role="status">
          {MSG.loadingClinicHistory}
        </p>
      )}
    </Page>
  );
}
