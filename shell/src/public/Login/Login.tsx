import {
  ApiError,
  CODE_HINT,
  CodeField,
  clearStoredLogin,
  Link,
  notify,
  signIn,
  signInWithCode,
  TextField,
  useNavigate,
  useSearchParams,
} from '@clinic/kit';
import { check, LoginSchema, MSG, SOCIAL_SIGN_IN_META } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useEffect, useMemo, useState } from 'react';
import { loadHomeShell } from '../../home/lazy';
import { PublicLayout } from '../PublicLayout/PublicLayout';
import styles from './Login.module.css';

type Field = 'email' | 'password';

/** Where the social sign-in (OpenID Connect) flow starts on the worker. */
export const OIDC_START_URL = '/api/auth/oidc/start';

/** Whether the worker said social sign-in is configured (its `<meta>` on every page). */
export function socialSignInConfigured(doc: Document = document): boolean {
  return doc.querySelector(`meta[name="${SOCIAL_SIGN_IN_META}"]`)?.getAttribute('content') === 'on';
}

/** `/`: email + password sign-in (Login). */
export function Login(): ReactElement {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // The second step: the password was right and the account has a second factor.
  const [needCode, setNeedCode] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  // The login page clears any stored login when it loads.
  useEffect(() => clearStoredLogin(), []);

  // The social sign-in callback comes back here when it could not sign the person in.
  const [params, setParams] = useSearchParams();
  const social = params.get('social');
  // After a social sign-in's redirect, a session that owes its second step lands here.
  const step = params.get('step');
  useEffect(() => {
    if (step === 'enrol') void navigate('/enrol', { replace: true });
  }, [step, navigate]);
  useEffect(() => {
    if (!social) return;
    setParams({}, { replace: true });
    if (social === 'password') void notify({ title: MSG.completeWithPassword, icon: 'warning' });
    else void notify({ title: MSG.socialSignInFailed, icon: 'error' });
  }, [social, setParams]);

  const result = useMemo(() => check(LoginSchema, values), [values]);
  const errorOf = (field: Field): string | undefined =>
    (touched[field] || submitted) && !result.ok ? result.errors[field]?.msg : undefined;

  const update = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setSubmitted(true);
    if (!result.ok) {
      await notify({ title: MSG.fieldsMustBeCompleted, icon: 'error' });
      return;
    }
    setBusy(true);
    loadHomeShell().catch(() => undefined); // in parallel with the sign-in itself
    try {
      const signedIn = await signIn(result.value.email, result.value.password, needCode ? code : undefined);
      await navigate(signedIn === 'enrol' ? '/enrol' : '/home');
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && secondStep(err)) return;
      if (err instanceof ApiError && err.status === 401) {
        await notify({ title: MSG.incorrectLogin, icon: 'error' });
      } else {
        await notify({
          title: MSG.error,
          text: err instanceof ApiError ? err.msg : MSG.somethingWentWrong,
          icon: 'error',
        });
      }
    }
  }

  /** A 401 about the code (or a code that is not one): the code field says so. */
  function secondStep(err: ApiError): boolean {
    const codeMsg = err.errors?.code?.msg;
    if (err.status === 422 && codeMsg) {
      setCodeError(codeMsg);
      return true;
    }
    if (err.status !== 401 || (err.msg !== MSG.secondFactorRequired && err.msg !== MSG.secondFactorWrong)) {
      return false;
    }
    setNeedCode(true);
    setCodeError(err.msg === MSG.secondFactorWrong ? err.msg : undefined);
    return true;
  }

  async function submitCode(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    try {
      await signInWithCode(code);
      await navigate('/home');
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && secondStep(err)) return;
      setParams({}, { replace: true });
      await notify({
        title: MSG.error,
        text: err instanceof ApiError ? err.msg : MSG.somethingWentWrong,
        icon: 'error',
      });
    }
  }

  const codeField = (
    <CodeField
      label="Code"
      hint={CODE_HINT}
      autoFocus
      value={code}
      onChange={(e) => setCode(e.target.value.trim())}
      error={codeError}
    />
  );

  if (step === 'code') {
    return (
      <PublicLayout title="Login">
        <form className={styles.form} noValidate onSubmit={(e) => void submitCode(e)}>
          <p>{MSG.secondFactorRequired}</p>
          {codeField}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            Login
          </button>
        </form>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title="Login">
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          value={values.email}
          onChange={update('email')}
          error={errorOf('email')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={update('password')}
          error={errorOf('password')}
        />
        {needCode ? codeField : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Login
        </button>
      </form>
      {socialSignInConfigured() ? (
        <>
          <div className={styles.divider}>
            <span>or</span>
          </div>
          <button
            type="button"
            className={`btn btn-secondary btn-block ${styles.google}`}
            onClick={() => window.location.assign(OIDC_START_URL)}
          >
            <span className={styles.googleMark} aria-hidden="true">
              G
            </span>
            Sign in with Google
          </button>
        </>
      ) : null}
      <nav className={styles.links} aria-label="Account">
        <Link to="/PasswordReset">Forgot your password?</Link>
        <Link to="/SignUp">Sign up</Link>
      </nav>
    </PublicLayout>
  );
}
