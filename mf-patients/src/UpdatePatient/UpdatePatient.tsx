import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/updatePatient/:patientID */
export function UpdatePatient(): ReactElement {
  return <Page title="Update Patient Info" />;
}
