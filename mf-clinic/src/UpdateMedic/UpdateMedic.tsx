import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/updateMedic */
export function UpdateMedic(): ReactElement {
  return <Page title="Update My Info" />;
}
