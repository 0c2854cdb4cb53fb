import {
  ApiError,
  answer,
  api,
  formStyles,
  notify,
  notifyFailure,
  Page,
  PatientFields,
  useNavigate,
  useSchemaForm,
} from '@clinic/kit';
import { MSG, PatientInputSchema } from '@clinic/worker/contract';
import type { ReactElement } from 'react';

const USER_FIELDS = [
  ['name', 'Name', 'text', 'given-name'],
  ['lastName', 'Last Name', 'text', 'family-name'],
  ['document', 'Document', 'text', 'off'],
  ['email', 'Email', 'email', 'email'],
  ['city', 'City', 'text', 'address-level2'],
  ['street', 'Street', 'text', 'address-line1'],
  ['number', 'Number', 'text', 'off'],
  ['postalCode', 'Postal Code', 'text', 'postal-code'],
  ['cellphone', 'Cellphone', 'tel', 'tel'],
  ['telephone', 'Telephone', 'tel', 'tel'],
  ['birth', 'Birth date', 'date', 'bday'],
] as const;

type UserKey = (typeof USER_FIELDS)[number][0];
type Form = { infoUser: Record<UserKey, string>; infoPatient: { medicalService: string } };

const EMPTY: Form = {
  infoUser: Object.fromEntries(USER_FIELDS.map(([k]) => [k, ''])) as Record<UserKey, string>,
  infoPatient: { medicalService: '' },
};

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
        <PatientFields fields={USER_FIELDS} form={form} submitLabel="Register Patient" />
      </form>
    </Page>
  );
}
