import { ApiError, type FieldErrors, notify, Page, request, TextField, useNavigate } from '@clinic/kit';
import { check, MSG, type PatientDetails, PatientInputSchema } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useMemo, useState } from 'react';
import { errorOf, notifyFailure } from '../shared/forms';
import styles from './RegisterPatient.module.css';

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

/** /home/register: SPEC §2 Register patient with the SPEC §5 rules; then the clinical history form. */
export function RegisterPatient(): ReactElement {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const clientErrors = useMemo(() => {
    const result = check(PatientInputSchema, form);
    return result.ok ? {} : result.errors;
  }, [form]);
  const errors = { ...serverErrors, ...clientErrors };
  const show = errorOf(errors, (key) => submitted || touched.has(key));

  const change = (key: string, value: string): void => {
    const [group, field] = key.split('.') as ['infoUser' | 'infoPatient', string];
    setForm((f) => ({ ...f, [group]: { ...f[group], [field]: value } }));
    setServerErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };
  const blur = (key: string): void => setTouched((t) => new Set(t).add(key));

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      await notify({ title: MSG.invalidInput, icon: 'error' });
      return;
    }
    setSending(true);
    try {
      const patient = await request<PatientDetails>('POST', '/patients', form);
      await notify({ title: MSG.patientCreatedRedirect, icon: 'success', timer: 1500 });
      void navigate(`/home/create-clinical-history?patient=${patient.ID}`);
    } catch (err) {
      if (err instanceof ApiError && err.errors) setServerErrors(err.errors);
      await notifyFailure(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Page title="Register Patient" width="narrow">
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {USER_FIELDS.map(([field, label, type, autoComplete]) => {
          const key = `infoUser.${field}`;
          return (
            <TextField
              key={key}
              name={field}
              label={label}
              type={type}
              autoComplete={autoComplete}
              inputMode={
                field === 'document' || field === 'number' || field === 'postalCode' ? 'numeric' : undefined
              }
              value={form.infoUser[field]}
              error={show(key)}
              onChange={(e) => change(key, e.target.value)}
              onBlur={() => blur(key)}
            />
          );
        })}
        <TextField
          name="medicalService"
          label="Medical Service"
          value={form.infoPatient.medicalService}
          error={show('infoPatient.medicalService')}
          onChange={(e) => change('infoPatient.medicalService', e.target.value)}
          onBlur={() => blur('infoPatient.medicalService')}
        />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          Register Patient
        </button>
      </form>
    </Page>
  );
}
