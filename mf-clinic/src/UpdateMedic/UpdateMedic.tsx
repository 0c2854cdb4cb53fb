import {
  $session,
  ApiError,
  type FieldErrors,
  Link,
  loadSession,
  notify,
  Page,
  request,
  Spinner,
  TextField,
  useNavigate,
  useServerValidation,
} from '@clinic/kit';
import { check, type Medic, MedicUpdateSchema, MSG, medicUpdateInputOf } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactElement, useEffect, useMemo, useState } from 'react';

import styles from './UpdateMedic.module.css';

type Form = ReturnType<typeof medicUpdateInputOf>;
type Group = 'infoUser' | 'infoMedic';

const FIELDS: readonly [Group, string, string, string][] = [
  ['infoUser', 'name', 'First Name', 'text'],
  ['infoUser', 'lastName', 'Last Name', 'text'],
  ['infoUser', 'email', 'Email', 'email'],
  ['infoUser', 'birth', 'Birth', 'date'],
  ['infoUser', 'telephone', 'Telephone', 'tel'],
  ['infoUser', 'cellphone', 'Cellphone', 'tel'],
  ['infoUser', 'street', 'Street', 'text'],
  ['infoUser', 'number', 'Number', 'text'],
  ['infoUser', 'city', 'City', 'text'],
  ['infoUser', 'postalCode', 'Postal Code', 'text'],
  ['infoMedic', 'specialization', 'Specialization', 'text'],
  ['infoMedic', 'tuition_date', 'Tuition Date', 'date'],
];

type Load = { state: 'loading' } | { state: 'error'; msg: string } | { state: 'ready'; medic: Medic };

/** /home/updateMedic: the signed-in medic's own data, prefilled and re-validated by the server. */
export function UpdateMedic(): ReactElement {
  const session = useStore($session);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const email = session?.email;

  useEffect(() => {
    if (!email) return;
    request<Medic>('GET', `/medics?email=${encodeURIComponent(email)}`).then(
      (medic) => setLoad({ state: 'ready', medic }),
      (err: unknown) =>
        setLoad({ state: 'error', msg: err instanceof ApiError ? err.msg : MSG.somethingWentWrong }),
    );
  }, [email]);

  if (load.state === 'error') {
    return (
      <Page title="Update My Info" width="narrow">
        <p role="alert">{load.msg}</p>
      </Page>
    );
  }
  if (load.state === 'loading') return <Spinner />;
  return <UpdateMedicForm key={load.medic.ID} medic={load.medic} />;
}

function UpdateMedicForm({ medic }: { medic: Medic }): ReactElement {
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(() => medicUpdateInputOf(medic));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<FieldErrors>({});
  const clientErrors = useMemo(() => {
    const result = check(MedicUpdateSchema, form);
    return result.ok ? {} : result.errors;
  }, [form]);
  const serverErrors = useServerValidation(`/medics/${medic.ID}`, form, true);
  const allErrors = { ...submitErrors, ...serverErrors, ...clientErrors };
  const formHasErrors = Object.keys(allErrors).length > 0;

  const errorOf = (key: string): string | undefined =>
    submitted || touched.has(key) ? allErrors[key]?.msg : undefined;

  const change = (group: Group, field: string, value: string): void => {
    const key = `${group}.${field}`;
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
    if (formHasErrors) {
      await notify({ title: MSG.invalidInput, icon: 'error' });
      return;
    }
    setSending(true);
    try {
      await request<Medic>('PUT', `/medics/${medic.ID}`, form);
      // The header and the stored login show the new name and email.
      await loadSession().catch(() => null);
      await notify({ title: MSG.medicInfoUpdated, icon: 'success', timer: 1500 });
      void navigate('/home');
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        setSubmitErrors(err.errors);
        await notify({ title: MSG.invalidInput, icon: 'error' });
      } else {
        await notify({ title: MSG.somethingWentWrong, icon: 'error' });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Page
      title="Update My Info"
      width="narrow"
      actions={
        <Link className="btn btn-secondary" to="/home/changePassword">
          Change Password
        </Link>
      }
    >
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        <div className={styles.grid}>
          {FIELDS.map(([group, field, label, type]) => {
            const groupValues: Record<string, string> = form[group];
            return (
              <TextField
                key={`${group}.${field}`}
                label={label}
                name={`${group}.${field}`}
                type={type}
                required
                value={groupValues[field] ?? ''}
                error={errorOf(`${group}.${field}`)}
                onChange={(e) => change(group, field, e.target.value)}
                onBlur={() => setTouched((t) => new Set(t).add(`${group}.${field}`))}
              />
            );
          })}
        </div>
        {submitted && formHasErrors ? (
          <p className={styles.formError} role="alert">
            {MSG.invalidInput}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            Update My Info
          </button>
        </div>
      </form>
    </Page>
  );
}
