import { loadSession, SecondFactorSetup, signOut, useNavigate } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import { PublicLayout } from '../PublicLayout/PublicLayout';

/**
 * `/enrol`: the sign-in step of a medic whose clinic requires a second factor they have not set
 * up. The session reaches nothing else until the first code confirms it (no password again: the
 * sign-in just gave it).
 */
export function Enrol(): ReactElement {
  const navigate = useNavigate();
  return (
    <PublicLayout title="Set up a second factor">
      <p>{MSG.secondFactorEnrol}</p>
      <SecondFactorSetup
        needsPassword={false}
        onDone={() => {
          void loadSession().then(() => navigate('/home'));
        }}
      />
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          void signOut().then(() => navigate('/', { replace: true }));
        }}
      >
        Sign out
      </button>
    </PublicLayout>
  );
}
