import type { ReactElement } from 'react';
import { TextField } from '../fields/fields';
import type { SchemaForm } from '../forms/useSchemaForm';
import { CodeField } from './CodeField';

/**
 * Moving an account to another address needs the password and the second factor, not just the
 * session: the fields a profile form shows once its email differs from the account's.
 */
export function EmailChangeProof({
  form,
  required,
}: {
  form: Pick<SchemaForm<unknown, never, unknown, 'currentPassword' | 'code'>, 'field'>;
  required?: boolean;
}): ReactElement {
  return (
    <>
      <TextField
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required={required}
        {...form.field('currentPassword')}
      />
      <CodeField {...form.field('code')} />
    </>
  );
}
