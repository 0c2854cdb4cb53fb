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
  useSchemaForm,
  useSearchParams,
} from '@clinic/kit';
import { LoginSchema, MSG, SOCIAL_SIGN_IN_META } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useEffect, useState } from 'react';
import { loadHomeShell } from '../../home/lazy';
import { PublicLayout } from '../PublicLayout/PublicLayout';
import styles from './Login.module.css';

/** Where the social sign-in (OpenID Connect) flow starts on the worker. */
export const OIDC_START_URL = '/api/auth/oidc/start';

/** Whether the worker said social sign-in is configured (its `<meta>` on every page). */
export function socialSignInConfigured(doc: Document = document): boolean {
  return doc.querySelector(`meta[name="${SOCIAL_SIGN_IN_META}"]`)?.getAttribute('content') === 'on';
}

/**
 * The second step of a sign-in: the password was right and the account has a second factor. The
 * code field, and what an answer about the code means for it.
 */
function useSecondStep() {
  const [needCode, setNeedCode] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

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

  const field = (
    <CodeField
      label="Code"
      hint={CODE_HINT}
      autoFocus
      value={code}
      onChange={(e) => setCode(e.target.value.trim())}
      error={codeError}
    />
  );
  return { needCode, code, secondStep, field };
}

type SecondStep = ReturnType<typeof useSecondStep>;

/** Something went wrong that is neither a wrong login nor the code: the server's word under 'Error'. */
const notifyError = (err: unknown) =>
  notify({
    title: MSG.error,
    text: err instanceof ApiError ? err.msg : MSG.somethingWentWrong,
    icon: 'error',
  });

/**
 * The social sign-in's way back: a session that owes its second step lands here with `step`, and a
 * sign-in that could not be made with `social` (said once, then dropped from the address).
 */
function useSocialReturn(): string | null {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const social = params.get('social');
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
  return step;
}

/** After a social sign-in, a session that owes its second factor: only the code. */
function CodeStep(props: { second: SecondStep }): ReactElement {
  const { second } = props;
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);

  async function submitCode(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    try {
      await signInWithCode(second.code);
      await navigate('/home');
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && second.secondStep(err)) return;
      setParams({}, { replace: true });
      await notifyError(err);
    }
  }

  return (
    <PublicLayout title="Login">
      <form className={styles.form} noValidate onSubmit={(e) => void submitCode(e)}>
        <p>{MSG.secondFactorRequired}</p>
        {second.field}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Login
        </button>
      </form>
    </PublicLayout>
  );
}

/** 'Sign in with Google', when the worker says social sign-in is configured. */
function SocialSignIn(): ReactElement | null {
  if (!socialSignInConfigured()) return null;
  return (
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
  );
}

/** Email and password (and the code, once the server asks for it). */
function PasswordStep(props: { second: SecondStep }): ReactElement {
  const { second } = props;
  const navigate = useNavigate();
  const [initial] = useState({ email: '', password: '' });
  // Nothing of a login is kept for a reload.
  const form = useSchemaForm({
    schema: LoginSchema,
    initial,
    invalidTitle: () => MSG.fieldsMustBeCompleted,
    draft: false,
  });

  const submit = form.submit(async () => {
    if (!form.result.ok) return;
    const { email, password } = form.result.value;
    loadHomeShell().catch(() => undefined); // in parallel with the sign-in itself
    try {
      const signedIn = await signIn(email, password, second.needCode ? second.code : undefined);
      await navigate(signedIn === 'enrol' ? '/enrol' : '/home');
    } catch (err) {
      if (err instanceof ApiError && second.secondStep(err)) return;
      if (err instanceof ApiError && err.status === 401) {
        await notify({ title: MSG.incorrectLogin, icon: 'error' });
      } else await notifyError(err);
    }
  });

  return (
    <PublicLayout title="Login">
      <form className={styles.form} noValidate onSubmit={submit}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          value={form.values.email}
          onChange={form.bind('email')}
          error={form.errorOf('email')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={form.bind('password')}
          error={form.errorOf('password')}
        />
        {second.needCode ? second.field : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={form.sending}>
          Login
        </button>
      </form>
      <SocialSignIn />
      <nav className={styles.links} aria-label="Account">
        <Link to="/PasswordReset">Forgot your password?</Link>
        <Link to="/SignUp">Sign up</Link>
      </nav>
    </PublicLayout>
  );
}

/** `/`: email + password sign-in (Login). */
export function Login(): ReactElement {
  // The login page clears any stored login when it loads.
  useEffect(() => clearStoredLogin(), []);
  const step = useSocialReturn();
  const second = useSecondStep();
  if (step === 'code') return <CodeStep second={second} />;
  return <PasswordStep second={second} />;
}
