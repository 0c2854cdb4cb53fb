import { MSG } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useState } from 'react';
import { ApiError, answer, api } from '../api';
import { notify } from '../dialogs/dialogs';
import { notifyFailure } from '../dialogs/notifyFailure';
import { TextField } from '../fields/fields';
import { useQuery } from '../useResource';
import { CODE_HINT, CodeField } from './CodeField';
import styles from './SecondFactor.module.css';
import { SecondFactorSetup } from './SecondFactorSetup';

/**
 * 'Second factor' in Update My Info (medic) and My data (patient): its state, setting it up, and
 * turning it off with the password and a code (not while the clinic requires it).
 */
export function SecondFactorSection(): ReactElement {
  const [tick, setTick] = useState(0);
  const status = useQuery('second-factor', () => answer(api['second-factor'].$get()), { tick });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const reload = () => setTick((t) => t + 1);

  async function turnOff(event: FormEvent<HTMLFormElement>, hasPassword: boolean): Promise<void> {
    event.preventDefault();
    setBusy(true);
    try {
      const json = hasPassword ? { code, currentPassword: password } : { code };
      await answer(api['second-factor'].$delete({ json }));
      setCode('');
      setPassword('');
      setErrors({});
      await notify({ title: MSG.secondFactorOff, icon: 'success' });
      reload();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.errors) {
        setErrors({ code: err.errors.code?.msg, currentPassword: err.errors.currentPassword?.msg });
      } else {
        await notifyFailure(err);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="second-factor-title" className={styles.section}>
      <h2 id="second-factor-title">Second factor</h2>
      {status.state === 'loading' ? <p className="muted">Loading...</p> : null}
      {status.state === 'error' ? <p role="alert">{status.msg}</p> : null}
      {status.state === 'ready' && !status.data.enabled ? (
        <SecondFactorSetup needsPassword={status.data.hasPassword} onDone={reload} />
      ) : null}
      {status.state === 'ready' && status.data.enabled ? (
        <>
          <p>
            On: sign-in asks for a code from your authenticator app. Recovery codes left:{' '}
            {status.data.recoveryCodesLeft}.
          </p>
          {status.data.required ? (
            <p className="muted">{MSG.secondFactorKeptByClinic}</p>
          ) : (
            <form
              className={styles.section}
              noValidate
              onSubmit={(e) => void turnOff(e, status.data.hasPassword)}
            >
              {status.data.hasPassword ? (
                <TextField
                  label="Current Password"
                  name="currentPassword"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={errors.currentPassword}
                />
              ) : null}
              <CodeField
                label="Code"
                hint={CODE_HINT}
                value={code}
                onChange={(e) => setCode(e.target.value.trim())}
                error={errors.code}
              />
              <button type="submit" className="btn btn-danger" disabled={busy}>
                Turn off the second factor
              </button>
            </form>
          )}
        </>
      ) : null}
    </section>
  );
}
