import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/calendar */
export function Calendar(): ReactElement {
  return <Page title="Calendar" />;
}
