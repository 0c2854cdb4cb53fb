import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/clinic-details/initial-config */
export function ClinicInitialConfig(): ReactElement {
  return <Page title="Clinic initial config" />;
}
