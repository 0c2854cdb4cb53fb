import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/:patientID */
export function PatientPage(): ReactElement {
  return <Page title="Patient details" />;
}
