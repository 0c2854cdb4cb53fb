import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/create-clinical-history */
export function CreateClinicalHistory(): ReactElement {
  return <Page title="Create clinical history" />;
}
