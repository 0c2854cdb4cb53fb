import {
  $clinic,
  $clinicError,
  $clinicStatus,
  type FieldErrors,
  loadClinic,
  Navigate,
  notify,
  Page,
  request,
  Spinner,
  setClinic,
  useNavigate,
} from '@clinic/kit';
import { type Clinic, MSG } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import { ClinicForm, fieldErrorsOf, valuesOf } from '../ClinicForm/ClinicForm';

/** /home/clinic-details/update-data: the clinic's data, prefilled, no field required. */
export function ClinicUpdate(): ReactElement {
  const navigate = useNavigate();
  const status = useStore($clinicStatus);
  const clinic = useStore($clinic);
  const loadError = useStore($clinicError);

  useEffect(() => {
    loadClinic(true).catch(() => {
      // Shown below from $clinicError.
    });
  }, []);

  if (status === 'missing') return <Navigate to="/home/clinic-details/initial-config" replace />;
  if (status === 'error') {
    return (
      <Page title="Update Clinic Data" width="narrow">
        <p role="alert">{loadError}</p>
      </Page>
    );
  }
  if (!clinic || status !== 'loaded') return <Spinner />;

  const submit = async (payload: Record<string, unknown>): Promise<FieldErrors | undefined> => {
    try {
      const updated = await request<Clinic>('PUT', `/Clinics/${clinic.ID}`, { ...payload, ID: clinic.ID });
      setClinic(updated);
      await notify({ title: MSG.clinicUpdated, icon: 'success' });
      void navigate('/home/clinic-details');
      return undefined;
    } catch (err) {
      return fieldErrorsOf(err);
    }
  };

  return (
    <Page title="Update Clinic Data" width="narrow">
      <ClinicForm
        key={clinic.ID}
        mode="update"
        initial={valuesOf(clinic)}
        submitLabel="Update details"
        validatePath={`/Clinics/${clinic.ID}`}
        onSubmit={submit}
      />
    </Page>
  );
}
