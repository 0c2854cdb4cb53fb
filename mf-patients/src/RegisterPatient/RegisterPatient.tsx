import {
  ApiError,
  answer,
  api,
  emptyPersonValues,
  formStyles,
  notify,
  notifyFailure,
  Page,
  PatientFields,
  type PersonValues,
  personFields,
  useNavigate,
  useSchemaForm,
} from '@clinic/kit';
import { MSG, PatientInputSchema } from '@clinic/worker/contract';
import type { ReactElement } from 'react';

// biome-ignore format: the SPEC's order, packed
const KEYS = ['name', 'lastName', 'document', 'email', 'city', 'street', 'number', 'postalCode', 'cellphone',
  'telephone', 'birth'] as const;
const FIELDS = personFields(KEYS, { labels: { birth: 'Birth date' } });

type Form = PersonValues<(typeof KEYS)[number] | 'medicalService'>;

const EMPTY: Form = emptyPersonValues([...KEYS, 'medicalService']);

/** /home/register: Register patient with the rules; then the clinical history form. */
export function RegisterPatient(): ReactElement {
  const navigate = useNavigate();
  const form = useSchemaForm({ schema: PatientInputSchema, initial: EMPTY });

  const send = async (input: Form): Promise<void> => {
    try {
      const created = await answer(api.patients.$post({ json: input }));
      await notify({ title: MSG.patientCreatedRedirect, icon: 'success' });
      // The new record's ID leads to its clinical history form.
      if (created && 'ID' in created) void navigate(`/home/create-clinical-history?patient=${created.ID}`);
    } catch (err) {
      if (err instanceof ApiError && err.errors) form.setServerErrors(err.errors);
      await notifyFailure(err);
    }
  };

  return (
    <Page title="Register Patient" width="narrow">
      <form className={formStyles.compact} onSubmit={form.submit(send)} noValidate>
        <PatientFields fields={FIELDS} form={form} submitLabel="Register Patient" />
      </form>
    </Page>
  );
}
