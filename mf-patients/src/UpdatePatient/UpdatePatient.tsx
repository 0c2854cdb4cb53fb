import {
  answer,
  api,
  Loaded,
  Page,
  PatientHeader,
  PatientUpdateForm,
  personFields,
  useNavigate,
  useParams,
  useQuery,
} from '@clinic/kit';
import type { ReactElement } from 'react';
import { CorrectIdentity } from './CorrectIdentity';

// biome-ignore format: the SPEC's order, packed
const FIELDS = personFields(['name', 'lastName', 'birth', 'telephone', 'cellphone', 'street', 'number', 'city',
  'postalCode'], { labels: { name: 'First Name' }, autofill: 'none' });

/** /home/updatePatient/{patientID}: prefilled, re-validated by the server on every change. */
export function UpdatePatient(): ReactElement {
  const { patientID } = useParams();
  const id = patientID ?? '';
  const load = useQuery(`patient:${id}`, () => answer(api.patients[':id'].$get({ param: { id } })));
  const navigate = useNavigate();
  return (
    <Loaded resource={load} title="Update Patient Info" width="narrow">
      {(patient) => (
        <Page title="Update Patient Info" width="narrow">
          <PatientHeader patientId={patient.ID} />
          <PatientUpdateForm
            patient={patient}
            fields={FIELDS}
            submitLabel="Update Patient"
            onSaved={() => navigate(`/home/${patient.ID}`)}
          />
          <CorrectIdentity
            key={`${patient.ID}`}
            patient={patient}
            onSaved={() => navigate(`/home/${patient.ID}`)}
          />
        </Page>
      )}
    </Loaded>
  );
}
