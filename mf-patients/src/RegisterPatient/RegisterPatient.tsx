import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/register */
export function RegisterPatient(): ReactElement {
  return <Page title="Register Patient" />;
}
