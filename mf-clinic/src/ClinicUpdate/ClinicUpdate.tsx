import {
  answer,
  api,
  DRY_RUN,
  type FieldErrors,
  INITIAL_CONFIG_PATH,
  Loaded,
  Navigate,
  notify,
  Page,
  setClinic,
  useClinic,
  useNavigate,
} from '@clinic/kit';
import {
  type ClinicUpdate as ClinicUpdateBody,
  ClinicUpdateSchema,
  check,
  MSG,
} from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import { ClinicForm, fieldErrorsOf } from '../ClinicForm/ClinicForm';
import { type ClinicPayload, valuesOf } from '../ClinicForm/values';

/** /home/clinic-details/update-data: the clinic's data, prefilled, no field required. */
export function ClinicUpdate(): ReactElement {
  const navigate = useNavigate();
  const clinic = useClinic({ fresh: true });
  if (clinic.state === 'missing') return <Navigate to={INITIAL_CONFIG_PATH} replace />;

  const submit =
    (id: number) =>
    async (payload: ClinicPayload): Promise<FieldErrors | undefined> => {
      // The form checked the same schema; its parsed value is the body, typed as the route reads it.
      const parsed = check(ClinicUpdateSchema, payload);
      if (!parsed.ok) return parsed.errors;
      try {
        const json = parsed.value;
        setClinic(await answer(api.Clinics[':id'].$put({ param: { id: String(id) }, json })));
        await notify({ title: MSG.clinicUpdated, icon: 'success' });
        void navigate('/home/clinic-details');
        return undefined;
      } catch (err) {
        return fieldErrorsOf(err);
      }
    };

  return (
    <Loaded resource={clinic} title="Update Clinic Data" width="narrow">
      {(data) => (
        <Page title="Update Clinic Data" width="narrow">
          <ClinicForm
            key={data.ID}
            mode="update"
            initial={valuesOf(data)}
            submitLabel="Update details"
            validate={(payload) =>
              // The values as they stand, valid or not: the route's own check is the point (typed as its output).
              api.Clinics[':id'].$put(
                { param: { id: String(data.ID) }, json: payload as ClinicUpdateBody },
                DRY_RUN,
              )
            }
            onSubmit={submit(data.ID)}
          />
        </Page>
      )}
    </Loaded>
  );
}
