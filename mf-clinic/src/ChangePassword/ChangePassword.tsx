import { ChangePasswordForm, Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/changePassword: the medic's password change (the form lives in the kit). */
export function ChangePassword(): ReactElement {
  return (
    <Page title="Change password" width="narrow">
      <ChangePasswordForm />
    </Page>
  );
}
