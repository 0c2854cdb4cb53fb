import type { ReactElement } from 'react';
import { PublicLayout } from '../PublicLayout/PublicLayout';

/** `/SignUp`: registration with a Patient/Medic toggle (form comes with the accounts issue). */
export function SignUp(): ReactElement {
  return <PublicLayout title="Sign up" back />;
}
