import {
  ApiError,
  answer,
  api,
  EmailChangeProof,
  formStyles,
  ifMatch,
  notify,
  notifyFailure,
  SelectField,
  TextField,
  useSchemaForm,
} from '@clinic/kit';
import { MSG, type PatientDetails, PatientIdentitySchema } from '@clinic/worker/contract';
import type { ReactElement } from 'react';

const DOCUMENT_TYPES = [
  { value: 'DNI', label: 'DNI' },
  { value: 'passport', label: 'Passport' },
  { value: 'foreign', label: 'Foreign ID' },
] as const;

/**
 * The desk corrects a patient's document and email (PUT /api/patients/{id}/identity): the medic
 * signs again with their password (and code), the change is written to the access log, and the
 * patient is mailed at the old and the new address.
 */
export function CorrectIdentity({
  patient,
  onSaved,
}: {
  patient: PatientDetails;
  onSaved: () => void;
}): ReactElement {
  const param = { id: String(patient.ID) };
  const form = useSchemaForm({
    schema: PatientIdentitySchema,
    initial: {
      documentType: patient.documentType,
      document: patient.document,
      email: patient.email,
      currentPassword: '',
      code: '',
    },
  });

  const send = async (input: typeof form.values): Promise<void> => {
    try {
      await answer(api.patients[':id'].identity.$put({ param, json: input }, ifMatch(patient)));
      await notify({ title: MSG.identityCorrected, icon: 'success' });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.errors) form.setServerErrors(err.errors);
      await notifyFailure(err);
    }
  };

  return (
    <section aria-labelledby="correct-identity-title">
      <h3 id="correct-identity-title">Correct document and email</h3>
      <form className={formStyles.compact} onSubmit={form.submit(send)} noValidate>
        <SelectField
          name="documentType"
          label="ID type"
          required
          options={DOCUMENT_TYPES}
          {...form.field('documentType')}
        />
        <TextField name="document" label="Document" required autoComplete="off" {...form.field('document')} />
        <TextField name="email" label="Email" type="email" autoComplete="off" {...form.field('email')} />
        <EmailChangeProof form={form} required />
        <button type="submit" className="btn btn-secondary" disabled={form.sending}>
          Correct document and email
        </button>
      </form>
    </section>
  );
}
