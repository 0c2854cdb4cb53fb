import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/appointment */
export function AppointmentRequest(): ReactElement {
  return <Page title="Medical appointment request" />;
}
