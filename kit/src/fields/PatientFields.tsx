import type { PatientDetails } from '@clinic/worker/contract';
import type { ReactElement, ReactNode } from 'react';
import type { SchemaForm } from '../forms/useSchemaForm';
import { TextField } from './fields';

/** One patient data field: key under infoUser, SPEC label, input type, browser autofill hint. */
export type PatientField<K extends string> = readonly [
  key: K,
  label: string,
  type: string,
  autoComplete?: string,
];

/** The body of an update of a patient (PUT /api/patients/:id) with `K` under infoUser. */
export interface PatientForm<K extends string> {
  ID: number;
  infoUser: Record<K, string>;
  infoPatient: { medicalService: string };
}

/** An update form prefilled from the patient's record, for the `fields` it shows. */
export function patientFormOf<K extends keyof PatientDetails & string>(
  fields: readonly PatientField<K>[],
  patient: PatientDetails,
): PatientForm<K> {
  return {
    ID: patient.ID,
    infoUser: Object.fromEntries(fields.map(([k]) => [k, patient[k] ?? ''])) as Record<K, string>,
    infoPatient: { medicalService: patient.medicalService ?? '' },
  };
}

const NUMERIC = new Set(['document', 'number', 'postalCode']);

/**
 * The patient data fields (infoUser.*), Medical Service (infoPatient.medicalService) and the submit
 * button, as Register patient, Update patient and the patient's own Update my data draw them. Every
 * one of them is required by all three (marked so).
 */
export function PatientFields<K extends string>({
  fields,
  form,
  submitLabel,
  beforeSubmit,
}: {
  fields: readonly PatientField<K>[];
  form: Pick<
    SchemaForm<unknown, never, unknown, `infoUser.${NoInfer<K>}` | 'infoPatient.medicalService'>,
    'field' | 'sending'
  >;
  submitLabel: string;
  /** Drawn after the fields, before the button (e.g. 'Current password' when the email changed). */
  beforeSubmit?: ReactNode;
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
          required
          {...form.field(`infoUser.${key}`)}
        />
      ))}
      <TextField
        name="medicalService"
        label="Medical Service"
        required
        {...form.field('infoPatient.medicalService')}
      />
      {beforeSubmit}
      <button type="submit" className="btn btn-primary" disabled={form.sending}>
        {submitLabel}
      </button>
    </>
  );
}
