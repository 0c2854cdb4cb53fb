import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/studies/:patientID */
export function AddStudy(): ReactElement {
  return <Page title="Add Studies" />;
}
