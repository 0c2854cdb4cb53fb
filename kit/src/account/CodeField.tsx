import type { ReactElement } from 'react';
import { TextField, type TextFieldProps } from '../fields/fields';

/** What a sign-in's code may be. */
export const CODE_HINT = 'The 6-digit code from your authenticator app, or one of your recovery codes.';

/**
 * A second-factor code (six digits from the authenticator app, or a recovery code): the field every
 * re-authenticated change asks for, labelled 'Second-factor code' unless a step names it otherwise.
 */
export function CodeField(
  props: Omit<TextFieldProps, 'name' | 'label' | 'inputMode' | 'autoComplete'> & { label?: string },
): ReactElement {
  return (
    <TextField
      label="Second-factor code"
      hint="Only when your account has a second factor."
      {...props}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
    />
  );
}
