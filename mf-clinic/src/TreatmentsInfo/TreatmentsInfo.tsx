import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/infoTreatments */
export function TreatmentsInfo(): ReactElement {
  return <Page title="Treatments Info" />;
}
