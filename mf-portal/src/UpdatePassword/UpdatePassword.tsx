import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/updatePassword */
export function UpdatePassword(): ReactElement {
  return <Page title="Update password" />;
}
