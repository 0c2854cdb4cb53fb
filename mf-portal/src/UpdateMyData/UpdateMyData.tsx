import { Loaded, loadSession, Page, PatientUpdateForm, personFields, useNavigate } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import { useMyRecord } from '../useMyRecord';

// biome-ignore format: the SPEC's order, packed
const FIELDS = personFields(['name', 'lastName', 'document', 'email', 'birth', 'telephone', 'cellphone', 'street',
  'number', 'city', 'postalCode'], { labels: { name: 'First Name' } });

/**
 * /home/dataUpdate: the patient edits their own data with the profile schema (Spanish
 * messages), re-validated by the server on every change. A first social sign-in lands here to
 * complete a provisional document and the rest.
 */
export function UpdateMyData(): ReactElement {
  const record = useMyRecord();
  const navigate = useNavigate();
  // The header, the stored login and the 'complete your information' state follow the new data.
  const saved = async (): Promise<void> => {
    await loadSession().catch(() => null);
    void navigate('/home/data');
  };
  return (
    <Loaded resource={record} title="Update my data" width="narrow" loadingLabel={MSG.loadingMyData}>
      {(me) => (
        <Page title="Update my data" width="narrow">
          <PatientUpdateForm patient={me} fields={FIELDS} own submitLabel="Update my data" onSaved={saved} />
        </Page>
      )}
    </Loaded>
  );
}
