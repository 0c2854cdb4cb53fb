import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/doctor */
export function MedicRecord(): ReactElement {
  return <Page title="Medical record" />;
}
