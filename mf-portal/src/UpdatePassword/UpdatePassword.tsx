import { ChangePasswordForm, Page } from '@clinic/kit';
import type { ReactElement } from 'react';

/** /home/updatePassword: the patient's password change (the form lives in the kit). */
export function UpdatePassword(): ReactElement {
  return (
    <Page title="Update password" width="narrow">
      <ChangePasswordForm />
    </Page>
  );
}
