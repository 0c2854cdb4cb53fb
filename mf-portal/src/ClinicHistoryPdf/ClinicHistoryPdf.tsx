import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/PatientCH/PatientCHPdf */
export function ClinicHistoryPdf(): ReactElement {
  return <Page title="Clinic history PDF" />;
}
