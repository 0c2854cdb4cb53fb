import { $session, ClinicalHistoryForm, Page, Spinner, useNavigate } from '@clinic/kit';
import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';

/** /home/create-clinical-history (patient): the patient fills in their own clinical history. */
export function CreateClinicalHistory(): ReactElement {
  const navigate = useNavigate();
  const patient = useStore($session)?.patientID;
  if (!patient) return <Spinner />;
  return (
    <Page title="Create clinical history" width="wide">
      <ClinicalHistoryForm patient={patient} onDone={() => void navigate('/home/PatientCH')} />
    </Page>
  );
}
