import {
  answer,
  api,
  CodeField,
  formStyles,
  Loaded,
  loadSession,
  notify,
  notifyFormRefusal,
  Page,
  PatientFields,
  type PatientForm,
  patientFormOf,
  TextField,
  useNavigate,
  useSchemaForm,
} from '@clinic/kit';
import { MSG, type PatientDetails, PatientProfileSchema } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import { useMyRecord } from '../useMyRecord';

const USER_FIELDS = [
  ['name', 'First Name', 'text', 'given-name'],
  ['lastName', 'Last Name', 'text', 'family-name'],
  ['document', 'Document', 'text', 'off'],
  ['email', 'Email', 'email', 'email'],
  ['birth', 'Birth', 'date', 'bday'],
  ['telephone', 'Telephone', 'tel', 'tel'],
  ['cellphone', 'Cellphone', 'tel', 'tel'],
  ['street', 'Street', 'text', 'address-line1'],
  ['number', 'Number', 'text', 'off'],
  ['city', 'City', 'text', 'address-level2'],
  ['postalCode', 'Postal Code', 'text', 'postal-code'],
] as const;

type Form = PatientForm<(typeof USER_FIELDS)[number][0]> & { currentPassword: string; code: string };

/**
 * /home/dataUpdate: the patient edits their own data with the profile schema (Spanish
 * messages), re-validated by the server on every change. A first social sign-in lands here to
 * complete a provisional document and the rest.
 */
export function UpdateMyData(): ReactElement {
  const record = useMyRecord();
  return (
    <Loaded resource={record} title="Update my data" width="narrow" loadingLabel={MSG.loadingMyData}>
      {(me) => <UpdateMyDataForm key={me.ID} me={me} />}
    </Loaded>
  );
}

function UpdateMyDataForm({ me }: { me: PatientDetails }): ReactElement {
  const navigate = useNavigate();
  const form = useSchemaForm({
    schema: PatientProfileSchema,
    initial: { ...patientFormOf(USER_FIELDS, me), currentPassword: '', code: '' },
    validatePath: `/patients/${me.ID}`,
  });

  const emailChanged = form.values.infoUser.email.trim().toLowerCase() !== me.email;

  const send = async (input: Form): Promise<void> => {
    try {
      await answer(api.patients[':id'].$put({ param: { id: String(me.ID) }, json: input }));
      await notify({ title: MSG.dataUpdated, icon: 'success' });
      // The header, the stored login and the 'complete your information' state follow the new data.
      await loadSession().catch(() => null);
      void navigate('/home/data');
    } catch (err) {
      await notifyFormRefusal(err, form.setServerErrors);
    }
  };

  return (
    <Page title="Update my data" width="narrow">
      <form className={formStyles.compact} onSubmit={form.submit(send)} noValidate>
        <PatientFields
          fields={USER_FIELDS}
          form={form}
          submitLabel="Update my data"
          beforeSubmit={
            // Moving the account to another address needs the password, not just the session.
            emailChanged ? (
              <>
                <TextField
                  name="currentPassword"
                  label="Current password"
                  type="password"
                  autoComplete="current-password"
                  {...form.field('currentPassword')}
                />
                <CodeField {...form.field('code')} />
              </>
            ) : null
          }
        />
      </form>
    </Page>
  );
}
