import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/addBudget */
export function AddBudget(): ReactElement {
  return <Page title="Add Budget" />;
}
