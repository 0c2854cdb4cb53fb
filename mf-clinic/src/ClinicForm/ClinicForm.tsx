import {
  ApiError,
  type DryRun,
  EmailChangeProof,
  type FieldErrors,
  FormFooter,
  formStyles,
  notify,
  notifyFailure,
  SelectField,
  TextField,
  useSchemaForm,
} from '@clinic/kit';
import { ClinicCreateSchema, ClinicUpdateSchema, MSG } from '@clinic/worker/contract';
import { type ReactElement, useMemo } from 'react';
import { WorkingHoursEditor } from '../WorkingHoursEditor/WorkingHoursEditor';
import { browserZone, type ClinicFormValues, type ClinicPayload, payloadOf, TEXT_FIELDS } from './values';

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [browserZone()];
  }
};

/** Every ISO 4217 currency the browser knows, named: 'ARS · Argentine Peso'. */
const currencyOptions = (current: string): { value: string; label: string }[] => {
  let codes: string[];
  try {
    codes = Intl.supportedValuesOf('currency');
  } catch {
    codes = [];
  }
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return (codes.includes(current) ? codes : [current, ...codes]).map((code) => ({
    value: code,
    label: `${code} · ${names.of(code) ?? code}`,
  }));
};

/** The two orders, each shown with the same example date (1 December 2026). */
const DATE_ORDER_OPTIONS = [
  { value: 'mdy', label: 'Month/day/year (12/01/2026)' },
  { value: 'dmy', label: 'Day/month/year (01/12/2026)' },
];

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
  /** The update's dry run, re-validating on every change (update forms). */
  validate?: DryRun<ClinicPayload>;
  /** Sends the payload; answers the server's field errors when it refused them. */
  onSubmit: (payload: ClinicPayload) => Promise<FieldErrors | undefined>;
}

/** The clinic fields and the working-hours editor, shared by the initial config and the update. */
export function ClinicForm({
  mode,
  initial,
  submitLabel,
  validate,
  onSubmit,
}: ClinicFormProps): ReactElement {
  const form = useSchemaForm({
    schema: mode === 'create' ? ClinicCreateSchema : ClinicUpdateSchema,
    initial,
    toInput: payloadOf,
    validate: mode === 'update' ? validate : undefined,
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
  const currencies = useMemo(() => currencyOptions(values.currency), [values.currency]);

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
        <SelectField
          label="Currency"
          name="currency"
          options={currencies}
          hint="Every amount, the receipts and online payments use it."
          {...form.field('currency')}
        />
        <SelectField
          label="Date order"
          name="dateOrder"
          options={DATE_ORDER_OPTIONS}
          hint="How every screen, mail and PDF writes dates."
          {...form.field('dateOrder')}
        />
      </div>
      <WorkingHoursEditor
        value={values.officeHours}
        onChange={(next) => form.set('officeHours', next)}
        fillWeekdaysOnFirstEntry={mode === 'create'}
        error={form.errorOf('officeHours')}
      />
      <label>
        <input
          type="checkbox"
          name="requireMedicSecondFactor"
          checked={values.requireMedicSecondFactor}
          onChange={(e) => form.set('requireMedicSecondFactor', e.target.checked)}
        />{' '}
        Require a second factor for medics
      </label>
      {mode === 'update' && values.requireMedicSecondFactor !== initial.requireMedicSecondFactor ? (
        <fieldset className={formStyles.section}>
          <legend>Confirm it is you</legend>
          <p>Changing how medics sign in takes your password, and your code when you have a second factor.</p>
          <EmailChangeProof form={form} required />
        </fieldset>
      ) : null}
      <FormFooter showError={form.showFormError} sending={form.sending} label={submitLabel} />
    </form>
  );
}
