import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/PatientCH */
export function ClinicHistory(): ReactElement {
  return <Page title="Clinic history" />;
}
