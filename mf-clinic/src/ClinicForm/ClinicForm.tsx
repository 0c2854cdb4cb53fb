import {
  ApiError,
  type FieldErrors,
  FormFooter,
  formStyles,
  notify,
  notifyFailure,
  SelectField,
  TextField,
  useSchemaForm,
} from '@clinic/kit';
import {
  type Clinic,
  ClinicCreateSchema,
  ClinicUpdateSchema,
  emptyOfficeHours,
  formatOfficeHours,
  hasWorkingDay,
  MSG,
  type OfficeHours,
  officeHoursOf,
} from '@clinic/worker/contract';
import { type ReactElement, useMemo } from 'react';

import { WorkingHoursEditor } from '../WorkingHoursEditor/WorkingHoursEditor';

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

/** A refused save: the server's field errors go under the fields; any other failure pops up. */
export async function fieldErrorsOf(err: unknown): Promise<FieldErrors | undefined> {
  if (err instanceof ApiError && err.errors) return err.errors;
  await notifyFailure(err, MSG.error);
  return undefined;
}

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
  const form = useSchemaForm({
    schema: mode === 'create' ? ClinicCreateSchema : ClinicUpdateSchema,
    initial,
    toInput: payloadOf,
    validatePath: mode === 'update' ? validatePath : undefined,
    // The form's own alert says it; the field messages show where to look.
    notifyInvalid: false,
  });
  const { values } = form;
  const zoneOptions = useMemo(() => {
    const list = zones();
    return (list.includes(values.timeZone) ? list : [values.timeZone, ...list]).map((z) => ({
      value: z,
      label: z,
    }));
  }, [values.timeZone]);

  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={(event) => {
        // Office hours with no working day is a pop-up as well as the editor's own line.
        const noWorkingDay = (errors: FieldErrors | undefined): boolean =>
          errors?.officeHours?.msg === MSG.fillOneWorkingDay;
        if (!form.result.ok && noWorkingDay(form.result.errors)) {
          void notify({ title: MSG.fillOneWorkingDay, icon: 'warning' });
        }
        form.submit(async (input) => {
          const errors = await onSubmit(input);
          form.setServerErrors(errors);
          if (noWorkingDay(errors)) await notify({ title: MSG.fillOneWorkingDay, icon: 'warning' });
        })(event);
      }}
    >
      <div className={formStyles.grid}>
        {TEXT_FIELDS.map(([key, label, type, autoComplete]) => (
          <TextField
            key={key}
            label={label}
            name={key}
            type={type}
            autoComplete={autoComplete}
            required={mode === 'create'}
            {...form.field(key)}
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
          {...form.field('turnStandardDuration')}
        />
        <SelectField label="Time zone" name="timeZone" options={zoneOptions} {...form.field('timeZone')} />
      </div>
      <WorkingHoursEditor
        value={values.officeHours}
        onChange={(next) => form.set('officeHours', next)}
        fillWeekdaysOnFirstEntry={mode === 'create'}
        error={form.errorOf('officeHours')}
      />
      <FormFooter showError={form.showFormError} sending={form.sending} label={submitLabel} />
    </form>
  );
}
