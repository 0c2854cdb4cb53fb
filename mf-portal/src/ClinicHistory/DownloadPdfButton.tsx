import { notifyFailure, todayIso } from '@clinic/kit';
import { type ClinicalHistory, MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { historyDocument, PDF_FILE_NAME, type PdfPerson, saveBlob } from './pdf';

/** 'Download': builds 'Clinic History.pdf' in the browser and saves it. */
export function DownloadPdfButton({
  patientId,
  person,
  history,
}: {
  patientId: number;
  person: PdfPerson;
  history: ClinicalHistory;
}): ReactElement {
  const [busy, setBusy] = useState(false);
  const download = async (): Promise<void> => {
    setBusy(true);
    try {
      saveBlob(await historyDocument(patientId, person, history, todayIso()), PDF_FILE_NAME);
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-primary"
      title={MSG.pdfTooltip}
      onClick={download}
      disabled={busy}
    >
      {busy ? 'Preparing…' : 'Download'}
    </button>
  );
}
