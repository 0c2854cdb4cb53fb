import {
  ApiError,
  answer,
  api,
  notify,
  TextField,
  useLocation,
  useNavigate,
  useSchemaForm,
} from '@clinic/kit';
import { MSG, NewPasswordSchema } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useMemo, useState } from 'react';
import { PublicLayout } from '../PublicLayout/PublicLayout';
import styles from '../SignUp/SignUp.module.css';

type Field = 'email' | 'password' | 'confirmPassword';

/** The reset link carries its token in the fragment (`/newPassword#token=…`), never sent to a server. */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** `/newPassword`: email, new password and confirmation plus the mailed token; then back to `/`. */
export function NewPassword(): ReactElement {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const token = useMemo(() => tokenOf(hash), [hash]);
  const [busy, setBusy] = useState(false);
  const toInput = useMemo(() => (values: Record<Field, string>) => ({ ...values, token }), [token]);
  const form = useSchemaForm({
    schema: NewPasswordSchema,
    initial: { email: '', password: '', confirmPassword: '' },
    toInput,
    mustMatch: { field: 'password', confirm: 'confirmPassword', msg: MSG.passwordMustBeConfirmed },
  });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    form.markSubmitted();
    const { result } = form;
    if (!result.ok) {
      // Without a token from the mailed link the reset cannot succeed: say so as the server would.
      if (result.errors.token) await notify({ title: MSG.errorUpdatingPassword, icon: 'error' });
      return;
    }
    setBusy(true);
    try {
      await answer(api.password.reupdate.$put({ json: result.value }));
      await notify({ title: MSG.passwordUpdatedSuccessfully, icon: 'success' });
      await navigate('/', { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 422) form.setServerErrors(err.errors);
      await notify({
        title: MSG.errorUpdatingPassword,
        ...(err instanceof ApiError && err.status === 429 ? { text: err.msg } : {}),
        icon: 'error',
      });
    }
  }

  const field = (name: Field, label: string, type: string, autoComplete: string): ReactElement => (
    <TextField
      label={label}
      name={name}
      type={type}
      autoComplete={autoComplete}
      value={form.values[name]}
      onChange={form.bind(name)}
      error={form.errorOf(name)}
    />
  );

  return (
    <PublicLayout title="New password" back>
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        {field('email', 'Email', 'email', 'email')}
        {field('password', 'New password', 'password', 'new-password')}
        {field('confirmPassword', 'Confirm password', 'password', 'new-password')}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Update password
        </button>
      </form>
    </PublicLayout>
  );
}
