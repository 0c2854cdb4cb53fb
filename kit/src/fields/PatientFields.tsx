import type { ReactElement } from 'react';
import type { SchemaForm } from '../forms/useSchemaForm';
import { TextField } from './fields';

/** One patient data field: key under infoUser, SPEC label, input type, browser autofill hint. */
export type PatientField<K extends string> = readonly [
  key: K,
  label: string,
  type: string,
  autoComplete?: string,
];

const NUMERIC = new Set(['document', 'number', 'postalCode']);

/**
 * The patient data fields (infoUser.*), Medical Service (infoPatient.medicalService) and the submit
 * button, as Register patient, Update patient and the patient's own Update my data draw them.
 */
export function PatientFields<K extends string>({
  fields,
  form,
  submitLabel,
}: {
  fields: readonly PatientField<K>[];
  form: Pick<
    SchemaForm<unknown, never, unknown, `infoUser.${NoInfer<K>}` | 'infoPatient.medicalService'>,
    'field' | 'sending'
  >;
  submitLabel: string;
}): ReactElement {
  return (
    <>
      {fields.map(([key, label, type, autoComplete]) => (
        <TextField
          key={key}
          name={key}
          label={label}
          type={type}
          autoComplete={autoComplete}
          inputMode={NUMERIC.has(key) ? 'numeric' : undefined}
          {...form.field(`infoUser.${key}`)}
        />
      ))}
      <TextField
        name="medicalService"
        label="Medical Service"
        {...form.field('infoPatient.medicalService')}
      />
      <button type="submit" className="btn btn-primary" disabled={form.sending}>
        {submitLabel}
      </button>
    </>
  );
}
