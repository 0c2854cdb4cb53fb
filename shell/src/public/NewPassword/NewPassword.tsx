import type { ReactElement } from 'react';
import { PublicLayout } from '../PublicLayout/PublicLayout';

/** `/newPassword`: sets a new password from the mailed link, then returns to the root. */
export function NewPassword(): ReactElement {
  return <PublicLayout title="New password" back />;
}
