import type { Clinic } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { $clinic, loadClinic } from '../clinic/clinic';
import { notifyFailure } from '../dialogs/notifyFailure';
import { saveBlob } from './recordPdf';

export interface PdfButtonProps {
  /** The button's words ('Download quote', 'Receipt'). */
  label: string;
  /** What a screen reader hears, when the words alone do not say which document. */
  ariaLabel?: string;
  fileName: string;
  /** Draws the document with the clinic's header (null when the clinic did not load). */
  make: (clinic: Clinic | null) => Promise<Blob>;
  className?: string;
}

/** A button that draws a PDF in the browser and saves it as a file; busy while it draws. */
export function PdfButton({ label, ariaLabel, fileName, make, className }: PdfButtonProps): ReactElement {
  const [busy, setBusy] = useState(false);
  const download = async (): Promise<void> => {
    setBusy(true);
    try {
      const clinic = $clinic.get() ?? (await loadClinic());
      saveBlob(await make(clinic ?? null), fileName);
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={className ?? 'btn btn-secondary'}
      aria-label={ariaLabel}
      disabled={busy}
      onClick={() => void download()}
    >
      {label}
    </button>
  );
}
