import { ClinicalHistoryForm, Page, useNavigate, useSearchParams } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import type { ReactElement } from 'react';

/** /home/create-clinical-history?patient={id}: the medic fills in a patient's clinical history. */
export function CreateClinicalHistory(): ReactElement {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const patient = Number(params.get('patient'));
  if (!Number.isInteger(patient) || patient < 1) {
    return (
      <Page title="Create clinical history" width="narrow">
        <p role="alert">{MSG.patientNotFoundApi}</p>
      </Page>
    );
  }
  return (
    <Page title="Create clinical history" width="wide">
      <ClinicalHistoryForm patient={patient} onDone={() => void navigate(`/home/${patient}`)} />
    </Page>
  );
}
