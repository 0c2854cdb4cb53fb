import {
  ApiError,
  type FieldErrors,
  notify,
  Page,
  request,
  Spinner,
  TextField,
  useNavigate,
  useParams,
  useServerValidation,
} from '@clinic/kit';
import { check, MSG, type PatientDetails, PatientUpdateSchema } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useEffect, useMemo, useState } from 'react';
import styles from '../RegisterPatient/RegisterPatient.module.css';
import { errorOf, notifyFailure } from '../shared/forms';

const USER_FIELDS = [
  ['name', 'First Name', 'text'],
  ['lastName', 'Last Name', 'text'],
  ['birth', 'Birth', 'date'],
  ['telephone', 'Telephone', 'tel'],
  ['cellphone', 'Cellphone', 'tel'],
  ['street', 'Street', 'text'],
  ['number', 'Number', 'text'],
  ['city', 'City', 'text'],
  ['postalCode', 'Postal Code', 'text'],
] as const;

type UserKey = (typeof USER_FIELDS)[number][0];
type Form = { ID: number; infoUser: Record<UserKey, string>; infoPatient: { medicalService: string } };

const formOf = (p: PatientDetails): Form => ({
  ID: p.ID,
  infoUser: Object.fromEntries(USER_FIELDS.map(([k]) => [k, p[k]])) as Record<UserKey, string>,
  infoPatient: { medicalService: p.medicalService },
});

type Load =
  | { state: 'loading' }
  | { state: 'error'; msg: string }
  | { state: 'ready'; patient: PatientDetails };

/** /home/updatePatient/{patientID}: prefilled, re-validated by the server on every change (SPEC §4). */
export function UpdatePatient(): ReactElement {
  const { patientID } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    request<PatientDetails>('GET', `/patients/${encodeURIComponent(patientID ?? '')}`).then(
      (patient) => setLoad({ state: 'ready', patient }),
      (err: unknown) =>
        setLoad({ state: 'error', msg: err instanceof ApiError ? err.msg : MSG.somethingWentWrong }),
    );
  }, [patientID]);
  if (load.state === 'loading') return <Spinner />;
  if (load.state === 'error') {
    return (
      <Page title="Update Patient" width="narrow">
        <p role="alert">{load.msg}</p>
      </Page>
    );
  }
  return <UpdatePatientForm key={load.patient.ID} patient={load.patient} />;
}

function UpdatePatientForm({ patient }: { patient: PatientDetails }): ReactElement {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(() => formOf(patient));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<FieldErrors>({});
  const clientErrors = useMemo(() => {
    const result = check(PatientUpdateSchema, form);
    return result.ok ? {} : result.errors;
  }, [form]);
  const serverErrors = useServerValidation(`/patients/${patient.ID}`, form, touched.size > 0);
  const errors = { ...submitErrors, ...serverErrors, ...clientErrors };
  const show = errorOf(errors, (key) => submitted || touched.has(key));

  const change = (key: string, value: string): void => {
    const [group, field] = key.split('.') as ['infoUser' | 'infoPatient', string];
    setForm((f) => ({ ...f, [group]: { ...f[group], [field]: value } }));
    setTouched((t) => new Set(t).add(key));
    setSubmitErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      await notify({ title: MSG.invalidInput, icon: 'error' });
      return;
    }
    setSending(true);
    try {
      await request<PatientDetails>('PUT', `/patients/${patient.ID}`, form);
      await notify({ title: MSG.patientUpdated, icon: 'success', timer: 1500 });
      void navigate(`/home/${patient.ID}`);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        setSubmitErrors(err.errors);
        await notify({ title: MSG.invalidInput, icon: 'error' });
      } else {
        await notifyFailure(err);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Page title="Update Patient" width="narrow">
      <p className="muted">
        {patient.fullName} · DNI {patient.document}
      </p>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        {USER_FIELDS.map(([field, label, type]) => {
          const key = `infoUser.${field}`;
          return (
            <TextField
              key={key}
              name={field}
              label={label}
              type={type}
              value={form.infoUser[field]}
              error={show(key)}
              onChange={(e) => change(key, e.target.value)}
            />
          );
        })}
        <TextField
          name="medicalService"
          label="Medical Service"
          value={form.infoPatient.medicalService}
          error={show('infoPatient.medicalService')}
          onChange={(e) => change('infoPatient.medicalService', e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          Update Patient
        </button>
      </form>
    </Page>
  );
}
