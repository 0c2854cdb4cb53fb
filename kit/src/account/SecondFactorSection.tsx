import { MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import * as v from 'valibot';
import { ApiError, answer, api } from '../api';
import { notify } from '../dialogs/dialogs';
import { notifyFailure } from '../dialogs/notifyFailure';
import { TextField } from '../fields/fields';
import { useSchemaForm } from '../forms/useSchemaForm';
import { LoadFailed } from '../page/LoadFailed';
import { useQuery } from '../useQuery';
import { CODE_HINT, CodeField } from './CodeField';
import styles from './SecondFactor.module.css';
import { SecondFactorSetup } from './SecondFactorSetup';

/** The code and the password go to the server as typed: it alone says what is wrong with them. */
const TurnOffSchema = v.object({ code: v.string(), currentPassword: v.string() });
const EMPTY = { code: '', currentPassword: '' };

/**
 * 'Second factor' in Update My Info (medic) and My data (patient): its state, setting it up, and
 * turning it off with the password and a code (not while the clinic requires it).
 */
export function SecondFactorSection(): ReactElement {
  const [tick, setTick] = useState(0);
  const status = useQuery('second-factor', () => answer(api['second-factor'].$get()), { tick });
  const form = useSchemaForm({ schema: TurnOffSchema, initial: EMPTY, draft: false });
  const reload = () => setTick((t) => t + 1);

  const turnOff = (hasPassword: boolean) =>
    form.submit(async ({ code, currentPassword }) => {
      try {
        const json = hasPassword ? { code, currentPassword } : { code };
        await answer(api['second-factor'].$delete({ json }));
        form.reset();
        await notify({ title: MSG.secondFactorOff, icon: 'success' });
        reload();
      } catch (err) {
        if (err instanceof ApiError && err.status === 422 && err.errors) {
          form.setServerErrors(err.errors);
        } else {
          await notifyFailure(err);
        }
      }
    });

  return (
    <section aria-labelledby="second-factor-title" className={styles.section}>
      <h2 id="second-factor-title">Second factor</h2>
      {status.state === 'loading' ? <p className="muted">Loading...</p> : null}
      {status.state === 'error' ? <LoadFailed resource={status} /> : null}
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
            <form className={styles.section} noValidate onSubmit={turnOff(status.data.hasPassword)}>
              {status.data.hasPassword ? (
                <TextField
                  label="Current Password"
                  name="currentPassword"
                  type="password"
                  autoComplete="current-password"
                  {...form.field('currentPassword')}
                />
              ) : null}
              <CodeField
                label="Code"
                hint={CODE_HINT}
                value={form.values.code}
                onChange={(e) => form.set('code', e.target.value.trim())}
                error={form.errorOf('code')}
              />
              <button type="submit" className="btn btn-danger" disabled={form.sending}>
                Turn off the second factor
              </button>
            </form>
          )}
        </>
      ) : null}
    </section>
  );
}
