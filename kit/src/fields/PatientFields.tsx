import type { PatientDetails } from '@clinic/worker/contract';
import type { ReactElement, ReactNode } from 'react';
import type { SchemaForm } from '../forms/useSchemaForm';
import { PersonInputs } from './PersonInputs';
import { type PersonField, type PersonKey, type PersonPath, personFields } from './personFields';

/** The body of an update of a patient (PUT /api/patients/:id) with `K` under infoUser. */
export interface PatientForm<K extends string> {
  ID: number;
  infoUser: Record<K, string>;
  infoPatient: { medicalService: string };
}

/** An update form prefilled from the patient's record, for the `fields` it shows. */
export function patientFormOf<K extends keyof PatientDetails & PersonKey>(
  fields: readonly PersonField<K>[],
  patient: PatientDetails,
): PatientForm<K> {
  return {
    ID: patient.ID,
    infoUser: Object.fromEntries(fields.map(({ key }) => [key, patient[key] ?? ''])) as Record<K, string>,
    infoPatient: { medicalService: patient.medicalService ?? '' },
  };
}

const MEDICAL_SERVICE = personFields(['medicalService']);

/**
 * The patient data fields (infoUser.*), Medical Service (infoPatient.medicalService) and the submit
 * button, as Register patient, Update patient and the patient's own Update my data draw them.
 */
export function PatientFields<K extends PersonKey>({
  fields,
  form,
  submitLabel,
  beforeSubmit,
}: {
  fields: readonly PersonField<K>[];
  form: Pick<
    SchemaForm<unknown, never, unknown, NoInfer<PersonPath<K>> | 'infoPatient.medicalService'>,
    'field' | 'sending'
  >;
  submitLabel: string;
  /** Drawn after the fields, before the button (e.g. 'Current password' when the email changed). */
  beforeSubmit?: ReactNode;
}): ReactElement {
  return (
    <>
      <PersonInputs<K | 'medicalService'> fields={[...fields, ...MEDICAL_SERVICE]} form={form} />
      {beforeSubmit}
      <button type="submit" className="btn btn-primary" disabled={form.sending}>
        {submitLabel}
      </button>
    </>
  );
}
