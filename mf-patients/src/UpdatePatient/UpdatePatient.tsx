import {
  formStyles,
  Loaded,
  notify,
  notifyFormRefusal,
  Page,
  PatientFields,
  request,
  useNavigate,
  useParams,
  useResource,
  useSchemaForm,
} from '@clinic/kit';
import { MSG, type PatientDetails, PatientUpdateSchema } from '@clinic/worker/contract';
import type { ReactElement } from 'react';

const USER_FIELDS = [
  ['name', 'First Name', 'text'],
  ['lastName', 'Last Name', 'text'],
  ['birth', 'Birth', 'date'],
  ['telephone', 'Telephone', 'tel'],
  ['cellphone', 'Cellphone', 'tel'],
  ['street', 'Street', 'text'],
  ['number', 'Number', 'text'],
  ['city', 'City', 'text'],
  ['postalCode', 'Postal Code', 'text'],
] as const;

type UserKey = (typeof USER_FIELDS)[number][0];
type Form = { ID: number; infoUser: Record<UserKey, string>; infoPatient: { medicalService: string } };

const formOf = (p: PatientDetails): Form => ({
  ID: p.ID,
  infoUser: Object.fromEntries(USER_FIELDS.map(([k]) => [k, p[k]])) as Record<UserKey, string>,
  infoPatient: { medicalService: p.medicalService },
});

/** /home/updatePatient/{patientID}: prefilled, re-validated by the server on every change (SPEC §4). */
export function UpdatePatient(): ReactElement {
  const { patientID } = useParams();
  const load = useResource<PatientDetails>(`/patients/${encodeURIComponent(patientID ?? '')}`);
  return (
    <Loaded resource={load} title="Update Patient" width="narrow">
      {(patient) => <UpdatePatientForm key={patient.ID} patient={patient} />}
    </Loaded>
  );
}

function UpdatePatientForm({ patient }: { patient: PatientDetails }): ReactElement {
  const navigate = useNavigate();
  const form = useSchemaForm({
    schema: PatientUpdateSchema,
    initial: formOf(patient),
    validatePath: `/patients/${patient.ID}`,
  });

  const send = async (input: Form): Promise<void> => {
    try {
      await request<PatientDetails>('PUT', `/patients/${patient.ID}`, input);
      await notify({ title: MSG.patientUpdated, icon: 'success', timer: 1500 });
      void navigate(`/home/${patient.ID}`);
    } catch (err) {
      await notifyFormRefusal(err, form.setServerErrors);
    }
  };

  return (
    <Page title="Update Patient" width="narrow">
      <p className="muted">
        {patient.fullName} · DNI {patient.document}
      </p>
      <form className={formStyles.compact} onSubmit={form.submit(send)} noValidate>
        <PatientFields fields={USER_FIELDS} form={form} submitLabel="Update Patient" />
      </form>
    </Page>
  );
}
