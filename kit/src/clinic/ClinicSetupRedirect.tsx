import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import { Navigate, useLocation } from '../router';
import { $clinicStatus, loadClinic } from './clinic';

export const INITIAL_CONFIG_PATH = '/home/clinic-details/initial-config';

/**
 * A medic is sent to the clinic's initial config while no clinic exists. Render it
 * inside the medic's /home area only.
 */
export function ClinicSetupRedirect(): ReactElement | null {
  const status = useStore($clinicStatus);
  const { pathname } = useLocation();
  useEffect(() => {
    loadClinic().catch(() => {
      // Other failures do not redirect; the screens show them.
    });
  }, []);
  if (status !== 'missing' || pathname.replace(/\/+$/, '') === INITIAL_CONFIG_PATH) return null;
  return <Navigate to={INITIAL_CONFIG_PATH} replace />;
}
