import { MSG, type PatientDetails, PatientProfileSchema, PatientUpdateSchema } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { EmailChangeProof } from '../account/EmailChangeProof';
import { answer, api, DRY_RUN } from '../api';
import { notify } from '../dialogs/dialogs';
import { notifyFormRefusal } from '../dialogs/notifyFailure';
import { formStyles } from '../forms/FormLayout';
import { ifMatch, staleSave } from '../forms/stale';
import { useSchemaForm } from '../forms/useSchemaForm';
import { PatientFields, type PatientForm, patientFormOf } from './PatientFields';
import type { PersonField, PersonKey } from './personFields';

/** What a patient's record holds under infoUser. */
type UserKey = Exclude<keyof PatientDetails & PersonKey, 'medicalService' | 'obraSocial'>;

type Props = {
  patient: PatientDetails;
  fields: readonly PersonField<UserKey>[];
  /** The patient's own record (Update my data): the profile schema, and an email change is proven. */
  own?: boolean;
  submitLabel: string;
  /** After the server took it and the success pop-up closed. */
  onSaved: () => Promise<void> | void;
};

/**
 * An update of a patient's record (PUT /api/patients/:id) with `fields` prefilled from it,
 * re-validated by the server on every change: a medic's (Update patient) or the patient's own.
 */
export function PatientUpdateForm(props: Props): ReactElement {
  // Another record is another form.
  return <UpdateForm key={props.patient.ID} {...props} />;
}

function UpdateForm({ patient, fields, own = false, submitLabel, onSaved }: Props): ReactElement {
  const param = { id: String(patient.ID) };
  const proof = own ? { currentPassword: '', code: '' } : {};
  const form = useSchemaForm({
    schema: own ? PatientProfileSchema : PatientUpdateSchema,
    initial: { ...patientFormOf(fields, patient), ...proof } as PatientForm<UserKey> & typeof proof,
    validate: (input) => api.patients[':id'].$put({ param, json: input }, DRY_RUN),
  });
  // The record as this form last knew it: saves go only if it is still so (412 otherwise).
  const [base, setBase] = useState(patient);
  const labelOf = (path: string) =>
    fields.find((f) => f.path === path)?.label ??
    (path === 'infoPatient.medicalService' ? 'Medical Service' : path);
  // The medic's form has no email field; the patient's own always has. Moving the account to another
  // email or document takes the password, as the server asks.
  const document = (form.values.infoUser as { document?: unknown }).document;
  const emailChanged =
    own &&
    (form.values.infoUser.email.trim().toLowerCase() !== patient.email ||
      (document !== undefined && String(document).trim() !== String(patient.document)));

  const send = async (input: typeof form.values): Promise<void> => {
    try {
      const saved = await answer(api.patients[':id'].$put({ param, json: input }, ifMatch(base)));
      // A new email of one's own waits for the link mailed to it: the notice says so.
      const pending = 'emailPending' in saved ? saved.emailPending : undefined;
      await notify({
        title: own ? MSG.dataUpdated : MSG.patientUpdated,
        ...(pending ? { text: `${MSG.emailChangePending} (${pending})` } : {}),
        icon: 'success',
      });
      await onSaved();
    } catch (err) {
      // Someone else saved first: their changes come in and show under the fields, what was typed stays.
      const current = await staleSave(err, base, (p) => patientFormOf(fields, p), form, labelOf);
      if (current) setBase(current);
      else await notifyFormRefusal(err, form.setServerErrors);
    }
  };

  return (
    <form className={formStyles.compact} onSubmit={form.submit(send)} noValidate>
      <PatientFields
        fields={fields}
        form={form}
        submitLabel={submitLabel}
        beforeSubmit={emailChanged ? <EmailChangeProof form={form} /> : null}
      />
    </form>
  );
}
