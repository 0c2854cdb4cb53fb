import {
  ApiError,
  answer,
  api,
  type FieldErrors,
  loadClinic,
  Navigate,
  Page,
  Spinner,
  setClinic,
  useClinic,
  useNavigate,
} from '@clinic/kit';
import { ClinicCreateSchema, check } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import { ClinicForm, fieldErrorsOf } from '../ClinicForm/ClinicForm';
import { type ClinicPayload, valuesOf } from '../ClinicForm/values';

/** /home/clinic-details/initial-config: the medic sets up a clinic that does not exist yet. */
export function ClinicInitialConfig(): ReactElement {
  const navigate = useNavigate();
  const clinic = useClinic();

  if (clinic.state === 'loading') return <Spinner />;
  // A clinic exists already: its details, not a second setup.
  if (clinic.state === 'ready') return <Navigate to="/home/clinic-details" replace />;

  // Missing, or a failed read: the form still works and the create call reports any real problem.
  const submit = async (payload: ClinicPayload): Promise<FieldErrors | undefined> => {
    // The form checked the same schema; its parsed value is the body, typed as the route reads it.
    const parsed = check(ClinicCreateSchema, payload);
    if (!parsed.ok) return parsed.errors;
    try {
      setClinic(await answer(api.Clinics.$post({ json: parsed.value })));
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
