import {
  $clinic,
  $clinicError,
  $clinicStatus,
  ApiError,
  type FieldErrors,
  loadClinic,
  Navigate,
  notify,
  Page,
  request,
  Spinner,
  TextField,
  useNavigate,
} from '@clinic/kit';
import {
  check,
  type Medic,
  type MedicRecordForm,
  MedicRegisterSchema,
  MSG,
  medicRecordFormOf,
} from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactElement, useEffect, useMemo, useState } from 'react';
import styles from './MedicRecord.module.css';

type Group = 'infoUser' | 'infoMedic' | 'infoClinic';
type Field = readonly [field: string, label: string, type: string, autoComplete?: string];

/** SPEC §2 'Medical record': three sections, their fields in the SPEC's order and words. */
const SECTIONS: readonly { group: Group; legend: string; fields: readonly Field[] }[] = [
  {
    group: 'infoUser',
    legend: 'Personal information',
    fields: [
      ['document', 'Document', 'text', 'off'],
      ['name', 'Name', 'text', 'off'],
      ['lastName', 'LastName', 'text', 'off'],
      ['birth', 'Birthday', 'date'],
      ['street', 'Street', 'text', 'off'],
      ['number', 'Number', 'text', 'off'],
      ['city', 'City', 'text', 'off'],
      ['postalCode', 'Postal Code', 'text', 'off'],
      ['telephone', 'Telephone', 'tel', 'off'],
      ['cellphone', 'Cellphone', 'tel', 'off'],
      ['email', 'Email', 'email', 'off'],
      ['password', 'Password', 'password', 'new-password'],
    ],
  },
  {
    group: 'infoMedic',
    legend: 'Specialization data',
    fields: [
      ['title', 'Title', 'text'],
      ['specialization', 'Specialization', 'text'],
      ['tuition_date', 'Tuition Date', 'date'],
      ['tuition_number', 'Tuition Number', 'text'],
    ],
  },
  {
    group: 'infoClinic',
    legend: 'Clinic information',
    fields: [
      ['logo', 'Clinic Logo', 'url'],
      ['name', 'Name', 'text'],
      ['street', 'Street', 'text'],
      ['number', 'Number', 'text'],
      ['city', 'City', 'text'],
      ['postalCode', 'Postal Code', 'text'],
      ['telephone', 'Telephone', 'tel'],
      ['email', 'Email', 'email'],
      ['hours', 'Hours', 'text'],
    ],
  },
];

/** /home/doctor: a signed-in medic registers another medic of the clinic (approved at once). */
export function MedicRecord(): ReactElement {
  const status = useStore($clinicStatus);
  const clinic = useStore($clinic);
  const loadError = useStore($clinicError);

  useEffect(() => {
    loadClinic().catch(() => {
      // Shown below from $clinicError.
    });
  }, []);

  if (status === 'missing') return <Navigate to="/home/clinic-details/initial-config" replace />;
  if (status === 'error' && !clinic) {
    return (
      <Page title="Medical record" width="narrow">
        <p role="alert">{loadError}</p>
      </Page>
    );
  }
  if (!clinic) return <Spinner />;
  return <MedicRecordFormView key={clinic.ID} initial={medicRecordFormOf(clinic)} />;
}

function MedicRecordFormView({ initial }: { initial: MedicRecordForm }): ReactElement {
  const navigate = useNavigate();
  const [form, setForm] = useState<MedicRecordForm>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const clientErrors = useMemo(() => {
    const result = check(MedicRegisterSchema, form);
    return result.ok ? {} : result.errors;
  }, [form]);
  const formHasErrors = Object.keys(clientErrors).length > 0;

  const errorOf = (key: string): string | undefined =>
    serverErrors[key]?.msg ?? (submitted || touched.has(key) ? clientErrors[key]?.msg : undefined);

  const touch = (key: string): void => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));

  const change = (group: Group, field: string, value: string): void => {
    const key = `${group}.${field}`;
    setForm((f) => ({ ...f, [group]: { ...f[group], [field]: value } }));
    touch(key);
    setServerErrors((e) => {
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
      await request<Medic>('POST', '/medics', form);
      // The record's clinic section was saved to the clinic: every screen shows it from now on.
      await loadClinic(true).catch(() => null);
      await notify({ title: MSG.registeredSuccessfully, icon: 'success', timer: 1500 });
      void navigate('/home/clinic-details');
    } catch (err) {
      setSending(false);
      if (err instanceof ApiError && err.errors) {
        setServerErrors(err.errors);
        await notify({ title: err.status === 409 ? err.msg : MSG.invalidInput, icon: 'error' });
      } else {
        await notify({
          title: MSG.errorTitle,
          text: err instanceof ApiError ? err.msg : MSG.somethingWentWrong,
          icon: 'error',
        });
      }
    }
  };

  return (
    <Page title="Medical record" width="narrow">
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        {SECTIONS.map(({ group, legend, fields }) => {
          const values: Record<string, string> = form[group];
          return (
            <fieldset key={group} className={styles.section}>
              <legend>{legend}</legend>
              <div className={styles.grid}>
                {fields.map(([field, label, type, autoComplete]) => {
                  const key = `${group}.${field}`;
                  return (
                    <TextField
                      key={key}
                      label={label}
                      name={key}
                      type={type}
                      autoComplete={autoComplete}
                      required
                      value={values[field] ?? ''}
                      error={errorOf(key)}
                      // No touch on blur: a message appearing then would move the submit button
                      // under a click that is already on its way.
                      onChange={(e) => change(group, field, e.target.value)}
                    />
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        {submitted && (formHasErrors || Object.keys(serverErrors).length > 0) ? (
          <p className={styles.formError} role="alert">
            {MSG.invalidInput}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            Register medic
          </button>
        </div>
      </form>
    </Page>
  );
}
