import type { ReactElement } from 'react';
import { PublicLayout } from '../PublicLayout/PublicLayout';

/** `/PasswordReset` and `/passwordReset`: asks for an email and sends the reset message. */
export function PasswordReset(): ReactElement {
  return <PublicLayout title="Password reset" back />;
}
