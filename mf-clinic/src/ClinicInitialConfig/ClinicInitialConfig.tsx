import {
  $clinic,
  $clinicStatus,
  ApiError,
  type FieldErrors,
  loadClinic,
  Navigate,
  Page,
  request,
  Spinner,
  setClinic,
  useNavigate,
} from '@clinic/kit';
import type { Clinic } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import { ClinicForm, fieldErrorsOf, valuesOf } from '../ClinicForm/ClinicForm';

/** /home/clinic-details/initial-config: the medic sets up a clinic that does not exist yet. */
export function ClinicInitialConfig(): ReactElement {
  const navigate = useNavigate();
  const status = useStore($clinicStatus);
  const clinic = useStore($clinic);

  useEffect(() => {
    loadClinic().catch(() => {
      // The form still works; the create call reports any real problem.
    });
  }, []);

  if (status === 'idle' || status === 'loading') return <Spinner />;
  // A clinic exists already: its details, not a second setup.
  if (clinic) return <Navigate to="/home/clinic-details" replace />;

  const submit = async (payload: Record<string, unknown>): Promise<FieldErrors | undefined> => {
    try {
      const created = await request<Clinic>('POST', '/Clinics', payload);
      setClinic(created);
      void navigate('/home/clinic-details', { replace: true });
      return undefined;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        await loadClinic(true).catch(() => null);
        void navigate('/home/clinic-details', { replace: true });
        return undefined;
      }
      return fieldErrorsOf(err);
    }
  };

  return (
    <Page title="Clinic initial config" width="narrow">
      <ClinicForm mode="create" initial={valuesOf(null)} submitLabel="Set details" onSubmit={submit} />
    </Page>
  );
}
