import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** The trial screen of a CLINIC_TRIAL_SCREEN=1 build (see ../screens.ts). */
export function BudgetReport({ title }: { title: string }): ReactElement {
  return (
    <Page title={title}>
      <p>Budget report: a screen this remote added without the shell being rebuilt.</p>
    </Page>
  );
}
