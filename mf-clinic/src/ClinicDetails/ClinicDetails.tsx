import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/clinic-details */
export function ClinicDetails(): ReactElement {
  return <Page title="Clinic info" />;
}
