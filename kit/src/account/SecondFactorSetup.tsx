import { MSG, type SecondFactorSetup as Setup } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import * as v from 'valibot';
import { ApiError, answer, api } from '../api';
import { notifyFailure } from '../dialogs/notifyFailure';
import { TextField } from '../fields/fields';
import { useSchemaForm } from '../forms/useSchemaForm';
import { CodeField } from './CodeField';
import styles from './SecondFactor.module.css';

export interface SecondFactorSetupProps {
  /** Ask for the current password too (re-authentication); not while a sign-in owes the enrolment. */
  needsPassword: boolean;
  /** After the recovery codes were shown and the user said they kept them. */
  onDone: () => void;
}

/** The code and the password go to the server as typed: it alone says what is wrong with them. */
const ConfirmSchema = v.object({ code: v.string(), currentPassword: v.string() });
const EMPTY = { code: '', currentPassword: '' };

/**
 * Enrolment in an authenticator app: the QR code and the secret as text, then a 6-digit code to
 * confirm, then the ten recovery codes, shown this once. Used by the sign-in's enrolment step, the
 * medic's Update My Info and the patient's My data.
 */
export function SecondFactorSetup({ needsPassword, onDone }: SecondFactorSetupProps): ReactElement {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useSchemaForm({ schema: ConfirmSchema, initial: EMPTY, draft: false });
  const [busy, setBusy] = useState(false);

  async function start(): Promise<void> {
    setBusy(true);
    try {
      setSetup(await answer(api['second-factor'].setup.$post()));
    } catch (err) {
      await notifyFailure(err);
    } finally {
      setBusy(false);
    }
  }

  const confirm = form.submit(async ({ code, currentPassword }) => {
    try {
      const json = needsPassword ? { code, currentPassword } : { code };
      const done = await answer(api['second-factor'].$post({ json }));
      setCodes(done.recoveryCodes);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        // A refusal without field errors (a wrong code) is said under the code.
        form.setServerErrors(err.errors ?? { code: { msg: err.msg } });
      } else {
        await notifyFailure(err);
      }
    }
  });

  if (codes) {
    return (
      <div className={styles.section}>
        <p role="status">{MSG.secondFactorOn}</p>
        <h3>Recovery codes</h3>
        <p className="muted">
          Each one signs you in once if you lose your device. They are shown only now: print them or keep them
          in a password manager.
        </p>
        <ul className={styles.codes} aria-label="Recovery codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I have saved my recovery codes
        </button>
      </div>
    );
  }

  if (!setup) {
    return (
      <div className={styles.section}>
        <p className="muted">
          A second factor asks for a 6-digit code from an authenticator app on your phone each time you sign
          in.
        </p>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
          Set up a second factor
        </button>
      </div>
    );
  }

  return (
    <form className={styles.section} noValidate onSubmit={confirm}>
      <p>1. Scan this QR code with your authenticator app, or type the secret key into it.</p>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code of your second-factor secret for an authenticator app"
      />
      <p>
        Secret key:{' '}
        <code className={styles.secret} data-secret>
          {setup.secret}
        </code>
      </p>
      <p>2. Enter the 6-digit code the app shows.</p>
      <CodeField
        label="Code"
        hint="The 6-digit code your authenticator app shows now."
        maxLength={6}
        value={form.values.code}
        onChange={(e) => form.set('code', e.target.value.trim())}
        error={form.errorOf('code')}
      />
      {needsPassword ? (
        <TextField
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={form.sending}>
        Confirm
      </button>
    </form>
  );
}
