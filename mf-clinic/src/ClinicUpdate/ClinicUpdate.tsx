import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/clinic-details/update-data */
export function ClinicUpdate(): ReactElement {
  return <Page title="Update Clinic Data" />;
}
