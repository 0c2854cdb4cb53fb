import {
  answer,
  api,
  formStyles,
  Loaded,
  notify,
  notifyFormRefusal,
  Page,
  PatientFields,
  type PatientForm,
  patientFormOf,
  useNavigate,
  useParams,
  useQuery,
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

type Form = PatientForm<(typeof USER_FIELDS)[number][0]>;

/** /home/updatePatient/{patientID}: prefilled, re-validated by the server on every change. */
export function UpdatePatient(): ReactElement {
  const { patientID } = useParams();
  const id = patientID ?? '';
  const load = useQuery(`patient:${id}`, () => answer(api.patients[':id'].$get({ param: { id } })));
  return (
    <Loaded resource={load} title="Update Patient Info" width="narrow">
      {(patient) => <UpdatePatientForm key={patient.ID} patient={patient} />}
    </Loaded>
  );
}

function UpdatePatientForm({ patient }: { patient: PatientDetails }): ReactElement {
  const navigate = useNavigate();
  const form = useSchemaForm({
    schema: PatientUpdateSchema,
    initial: patientFormOf(USER_FIELDS, patient),
    validatePath: `/patients/${patient.ID}`,
  });

  const send = async (input: Form): Promise<void> => {
    try {
      await answer(api.patients[':id'].$put({ param: { id: String(patient.ID) }, json: input }));
      await notify({ title: MSG.patientUpdated, icon: 'success' });
      void navigate(`/home/${patient.ID}`);
    } catch (err) {
      await notifyFormRefusal(err, form.setServerErrors);
    }
  };

  return (
    <Page title="Update Patient Info" width="narrow">
      <p className="muted">
        {patient.fullName} · DNI {patient.document}
      </p>
      <form className={formStyles.compact} onSubmit={form.submit(send)} noValidate>
        <PatientFields fields={USER_FIELDS} form={form} submitLabel="Update Patient" />
      </form>
    </Page>
  );
}
