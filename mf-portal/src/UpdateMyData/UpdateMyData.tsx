import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/dataUpdate */
export function UpdateMyData(): ReactElement {
  return <Page title="Update my data" />;
}
