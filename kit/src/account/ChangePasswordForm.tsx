import { ChangePasswordSchema, MSG } from '@clinic/worker/contract';
import type { FormEvent, ReactElement } from 'react';
import { useState } from 'react';
import { ApiError, answer, api } from '../api';
import { $session, signOut } from '../browser-session';
import { notify } from '../dialogs/dialogs';
import { TextField } from '../fields/fields';
import { useSchemaForm } from '../forms/useSchemaForm';
import { useNavigate } from '../router';
import styles from './ChangePasswordForm.module.css';
import { CodeField } from './CodeField';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword' | 'code';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '', code: '' };

/**
 * Change password while signed in: Current / New / Confirm, `PUT /api/password/update`.
 * One form for both areas: mf-clinic mounts it at /home/changePassword, mf-portal at /home/updatePassword.
 * Every outcome but a mismatch ends the session here too (the server ends all of them) and goes to /.
 */
export function ChangePasswordForm(): ReactElement {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm({
    schema: ChangePasswordSchema,
    initial: EMPTY,
    mustMatch: { field: 'newPassword', confirm: 'confirmPassword', msg: MSG.newPasswordsDontMatch },
  });

  async function backToLogin(): Promise<void> {
    await signOut();
    await navigate('/', { replace: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    form.markSubmitted();
    const { result } = form;
    if (!result.ok) {
      if (form.errorOf('confirmPassword') === MSG.newPasswordsDontMatch) {
        await notify({ title: MSG.newPasswordsDontMatch, text: MSG.pleaseTryAgain, icon: 'error' });
      }
      return;
    }
    setBusy(true);
    try {
      await answer(api.password.update.$put({ json: { ...result.value, email: $session.get()?.email } }));
      await notify({ title: MSG.passwordUpdated, text: MSG.pleaseLoginAgain, icon: 'success' });
      await backToLogin();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 422) {
        form.setServerErrors(err.errors);
        if (err.errors?.confirmPassword?.msg === MSG.newPasswordsDontMatch) {
          await notify({ title: MSG.newPasswordsDontMatch, text: MSG.pleaseTryAgain, icon: 'error' });
        }
        return;
      }
      if (err instanceof ApiError && err.status === 429) {
        await notify({ title: MSG.error, text: err.msg, icon: 'error' });
        return;
      }
      await notify({ title: MSG.passwordChangeFailed, icon: 'error' });
      await backToLogin();
    }
  }

  const field = (name: Field, label: string, autoComplete: string): ReactElement => (
    <TextField label={label} name={name} type="password" autoComplete={autoComplete} {...form.field(name)} />
  );

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      {field('currentPassword', 'Current Password', 'current-password')}
      {field('newPassword', 'New Password', 'new-password')}
      {field('confirmPassword', 'Confirm Password', 'new-password')}
      <CodeField {...form.field('code')} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Change Password
      </button>
    </form>
  );
}
