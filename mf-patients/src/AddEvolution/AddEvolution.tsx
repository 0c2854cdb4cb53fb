import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/addEvolution/:patientID */
export function AddEvolution(): ReactElement {
  return <Page title="Add Evolution" />;
}
