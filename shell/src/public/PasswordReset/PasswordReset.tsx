import { ApiError, answer, api, notify, TextField, useSchemaForm } from '@clinic/kit';
import { ForgotPasswordSchema, MSG } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useState } from 'react';
import { PublicLayout } from '../PublicLayout/PublicLayout';
import styles from '../SignUp/SignUp.module.css';

/**
 * `/PasswordReset` and `/passwordReset`: asks for an email and sends the reset message.
 * The server answers the same for every well-formed email (it never tells whether an account
 * exists); 'Incorrect User' is shown when it refuses the email itself.
 */
export function PasswordReset(): ReactElement {
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm({ schema: ForgotPasswordSchema, initial: { email: '' } });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    form.markSubmitted();
    // A malformed email is 'Incorrect User', as the server would answer it (the field says why).
    if (!form.result.ok) {
      await notify({ title: MSG.incorrectUser, icon: 'error' });
      return;
    }
    setBusy(true);
    try {
      await answer(api.password.reset.$post({ json: form.result.value }));
      await notify({ title: MSG.checkYourEmailBox, text: MSG.goCheckYourEmail, icon: 'success' });
      form.reset();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        form.setServerErrors(err.errors);
        await notify({ title: MSG.incorrectUser, icon: 'error' });
      } else {
        await notify({ title: err instanceof ApiError ? err.msg : MSG.somethingWentWrong, icon: 'error' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicLayout title="Password reset" back>
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.values.email}
          onChange={form.bind('email')}
          error={form.errorOf('email')}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Send reset email
        </button>
      </form>
    </PublicLayout>
  );
}
