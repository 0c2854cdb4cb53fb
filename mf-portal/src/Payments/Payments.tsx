import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/payments */
export function Payments(): ReactElement {
  return <Page title="Payments" />;
}
