import { Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/changePassword */
export function ChangePassword(): ReactElement {
  return <Page title="Change password" />;
}
