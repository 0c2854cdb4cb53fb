import { asScreenView, notifyFailure, todayIso } from '@clinic/kit';
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
      // Its reads are one row of the access log: 'downloaded the history PDF'.
      const blob = await asScreenView('pdf:history', () =>
        historyDocument(patientId, person, history, todayIso()),
      );
      saveBlob(blob, PDF_FILE_NAME);
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
