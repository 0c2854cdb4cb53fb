import { type FieldErrors, SelectField, TextField, useServerValidation } from '@clinic/kit';
import {
  type Clinic,
  ClinicCreateSchema,
  ClinicUpdateSchema,
  check,
  emptyOfficeHours,
  formatOfficeHours,
  hasWorkingDay,
  MSG,
  type OfficeHours,
  officeHoursOf,
} from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useMemo, useState } from 'react';

import { WorkingHoursEditor } from '../WorkingHoursEditor/WorkingHoursEditor';
import styles from './ClinicForm.module.css';

const TEXT_FIELDS = [
  ['name', 'Name', 'text', 'organization'],
  ['street', 'Street', 'text', 'address-line1'],
  ['number', 'Number', 'text', 'off'],
  ['city', 'City', 'text', 'address-level2'],
  ['postalcode', 'Postal code', 'text', 'postal-code'],
  ['telephone', 'Telephone', 'tel', 'tel'],
  ['email', 'Email', 'email', 'email'],
  ['imgLogo', 'Logo URL', 'url', 'url'],
] as const;

type TextKey = (typeof TEXT_FIELDS)[number][0];

export type ClinicFormValues = Record<TextKey, string> & {
  /** Minutes in the form; the API speaks hours. */
  turnStandardDuration: string;
  timeZone: string;
  officeHours: OfficeHours;
};

const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function valuesOf(clinic: Clinic | null): ClinicFormValues {
  return {
    name: clinic?.name ?? '',
    street: clinic?.street ?? '',
    number: clinic?.number ?? '',
    city: clinic?.city ?? '',
    postalcode: clinic?.postalcode ?? '',
    telephone: clinic?.telephone ?? '',
    email: clinic?.email ?? '',
    imgLogo: clinic?.imgLogo ?? '',
    turnStandardDuration: clinic ? String(Math.round(clinic.turnStandardDuration * 60)) : '',
    timeZone: clinic?.timeZone ?? browserZone(),
    officeHours: clinic ? officeHoursOf(clinic) : emptyOfficeHours(),
  };
}

/** The API body: the clinic fields, the duration in hours and the office hours as JSON text. */
export function payloadOf(values: ClinicFormValues): Record<string, unknown> {
  const minutes = values.turnStandardDuration.trim();
  return {
    ...values,
    turnStandardDuration: minutes === '' ? '' : Number(minutes) / 60,
    officeHours: hasWorkingDay(values.officeHours) ? formatOfficeHours(values.officeHours) : '',
  };
}

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [browserZone()];
  }
};

export interface ClinicFormProps {
  mode: 'create' | 'update';
  initial: ClinicFormValues;
  submitLabel: string;
  /** Where `?validate=true` re-validates on every change (update forms). */
  validatePath?: string;
  /** Sends the payload; answers the server's field errors when it refused them. */
  onSubmit: (payload: Record<string, unknown>) => Promise<FieldErrors | undefined>;
}

/** The clinic fields and the working-hours editor, shared by the initial config and the update. */
export function ClinicForm({
  mode,
  initial,
  submitLabel,
  validatePath,
  onSubmit,
}: ClinicFormProps): ReactElement {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<FieldErrors>({});
  const payload = useMemo(() => payloadOf(values), [values]);
  const clientErrors = useMemo(() => {
    const result = check(mode === 'create' ? ClinicCreateSchema : ClinicUpdateSchema, payload);
    return result.ok ? {} : result.errors;
  }, [mode, payload]);
  const serverErrors = useServerValidation(validatePath ?? null, payload, mode === 'update');
  const zoneOptions = useMemo(() => {
    const list = zones();
    return (list.includes(values.timeZone) ? list : [values.timeZone, ...list]).map((z) => ({
      value: z,
      label: z,
    }));
  }, [values.timeZone]);

  const errorOf = (key: string): string | undefined => {
    if (!submitted && !touched.has(key)) return undefined;
    return clientErrors[key]?.msg ?? serverErrors[key]?.msg ?? submitErrors[key]?.msg;
  };

  const change = (key: keyof ClinicFormValues, value: string | OfficeHours): void => {
    setValues((v) => ({ ...v, [key]: value }));
    setTouched((t) => new Set(t).add(key));
    setSubmitErrors((e) => {
      const { [key]: _, ...rest } = e;
      return rest;
    });
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0 || Object.keys(serverErrors).length > 0) return;
    setSending(true);
    try {
      setSubmitErrors((await onSubmit(payload)) ?? {});
    } finally {
      setSending(false);
    }
  };

  const hasErrors =
    submitted && Object.keys({ ...clientErrors, ...serverErrors, ...submitErrors }).length > 0;

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      <div className={styles.grid}>
        {TEXT_FIELDS.map(([key, label, type, autoComplete]) => (
          <TextField
            key={key}
            label={label}
            name={key}
            type={type}
            autoComplete={autoComplete}
            required={mode === 'create'}
            value={values[key]}
            error={errorOf(key)}
            onChange={(e) => change(key, e.target.value)}
            onBlur={() => setTouched((t) => new Set(t).add(key))}
          />
        ))}
        <TextField
          label="Standard turn duration (minutes)"
          name="turnStandardDuration"
          type="number"
          min={1}
          step={5}
          inputMode="numeric"
          required={mode === 'create'}
          value={values.turnStandardDuration}
          error={errorOf('turnStandardDuration')}
          onChange={(e) => change('turnStandardDuration', e.target.value)}
        />
        <SelectField
          label="Time zone"
          name="timeZone"
          value={values.timeZone}
          error={errorOf('timeZone')}
          options={zoneOptions}
          onChange={(e) => change('timeZone', e.target.value)}
        />
      </div>
      <WorkingHoursEditor
        value={values.officeHours}
        onChange={(next) => change('officeHours', next)}
        fillWeekdaysOnFirstEntry={mode === 'create'}
        error={errorOf('officeHours')}
      />
      {hasErrors ? (
        <p className={styles.formError} role="alert">
          {MSG.invalidInput}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
