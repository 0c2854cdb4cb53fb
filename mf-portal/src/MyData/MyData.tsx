import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/data */
export function MyData(): ReactElement {
  return <Page title="My data" />;
}
