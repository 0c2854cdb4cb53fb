import {
  ApiError,
  answer,
  api,
  emptyPersonValues,
  formStyles,
  notify,
  notifyFailure,
  Page,
  PatientPicker,
  PersonInputs,
  type PersonValues,
  personFields,
  SelectField,
  useNavigate,
  useSchemaForm,
} from '@clinic/kit';
import { MSG, PatientInputSchema, type PatientListItem } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';

// biome-ignore format: the SPEC's order, packed
const KEYS = ['name', 'lastName', 'document', 'email', 'city', 'street', 'number', 'postalCode', 'cellphone',
  'telephone', 'birth'] as const;
/** What the desk may leave empty: email, the phones (one is enough) and the medical service. */
const OPTIONAL = new Set<string>(['email', 'cellphone', 'telephone', 'medicalService']);
const FIELDS = personFields([...KEYS, 'medicalService'], {
  autofill: 'other',
  labels: { birth: 'Birth date' },
}).map((f) => (OPTIONAL.has(f.key) ? { ...f, required: false } : f));
const BEFORE_DOCUMENT = FIELDS.slice(0, 2);
const DOCUMENT = FIELDS[2];
const AFTER_DOCUMENT = FIELDS.slice(3);

const DOCUMENT_TYPES = [
  { value: 'DNI', label: 'DNI' },
  { value: 'passport', label: 'Passport' },
  { value: 'foreign', label: 'Foreign ID' },
] as const;

type Form = PersonValues<(typeof KEYS)[number] | 'medicalService'> & {
  infoUser: { documentType: 'DNI' | 'passport' | 'foreign' };
};

const EMPTY: Form = (() => {
  const empty = emptyPersonValues([...KEYS, 'medicalService']);
  return { ...empty, infoUser: { ...empty.infoUser, documentType: 'DNI' } };
})();

/**
 * /home/register: Register patient with the rules; then the clinical history form. The desk may leave
 * the email, a phone and the medical service empty; a document is a DNI or a passport or foreign ID;
 * a dependant names a guardian and may use the guardian's email or none.
 */
export function RegisterPatient(): ReactElement {
  const navigate = useNavigate();
  const form = useSchemaForm({ schema: PatientInputSchema, initial: EMPTY });
  const [guardian, setGuardian] = useState<PatientListItem | null>(null);
  const [guardianError, setGuardianError] = useState<string | undefined>(undefined);
  const documentType = form.values.infoUser.documentType;

  const send = async (input: Form): Promise<void> => {
    try {
      const json = { ...input, infoPatient: { ...input.infoPatient, guardianID: guardian?.ID ?? null } };
      const created = await answer(api.patients.$post({ json }));
      await notify({ title: MSG.patientCreatedRedirect, icon: 'success' });
      // The new record's ID leads to its clinical history form.
      if (created && 'ID' in created) void navigate(`/home/create-clinical-history?patient=${created.ID}`);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        form.setServerErrors(err.errors);
        setGuardianError(err.errors['infoPatient.guardianID']?.msg);
      }
      await notifyFailure(err);
    }
  };

  return (
    <Page title="Register Patient" width="narrow">
      <form className={formStyles.compact} onSubmit={form.submit(send)} noValidate>
        <PersonInputs fields={BEFORE_DOCUMENT} form={form} />
        <SelectField
          name="documentType"
          label="ID type"
          required
          options={DOCUMENT_TYPES}
          {...form.field('infoUser.documentType')}
        />
        {DOCUMENT ? (
          <PersonInputs
            fields={[
              documentType === 'DNI'
                ? DOCUMENT
                : {
                    ...DOCUMENT,
                    inputMode: undefined,
                    label: documentType === 'passport' ? 'Passport' : 'Foreign ID',
                  },
            ]}
            form={form}
          />
        ) : null}
        <PatientPicker
          label="Guardian (for a dependant, optional)"
          value={guardian}
          onChange={(picked) => {
            setGuardian(picked);
            setGuardianError(undefined);
          }}
          error={guardianError}
        />
        {guardian ? (
          <p>
            {MSG.emailNotGuardians}{' '}
            <button
              type="button"
              className="btn btn-link"
              onClick={() => form.set('infoUser.email', guardian.email)}
            >
              Use {guardian.email}
            </button>
          </p>
        ) : null}
        <PersonInputs fields={AFTER_DOCUMENT} form={form} />
        <button type="submit" className="btn btn-primary" disabled={form.sending}>
          Register Patient
        </button>
      </form>
    </Page>
  );
}
