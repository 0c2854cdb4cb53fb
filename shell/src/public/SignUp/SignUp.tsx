import {
  ApiError,
  answer,
  api,
  emptyPersonValues,
  notify,
  PersonInputs,
  personFields,
  signIn,
  useNavigate,
  useSchemaForm,
} from '@clinic/kit';
import { MedicSignUpSchema, MSG, PatientSignUpSchema, SETUP_TOKEN_HEADER } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useState } from 'react';
import { loadHomeShell } from '../../home/lazy';
import { PublicLayout } from '../PublicLayout/PublicLayout';
import styles from './SignUp.module.css';

type Kind = 'Patient' | 'Medic';

/** The SPEC's sign-up words where they differ from the person-field table's. */
const WORDS = {
  labels: { lastName: 'Lastname', document: 'ID', birth: 'Birth date', tuition_number: 'Tuition number' },
  hints: { document: null },
} as const;
/** A patient's sign-up asks for the medical insurance, a medic's for the tuition number. */
const fieldsOf = (id: 'obraSocial' | 'tuition_number') =>
  personFields(
    ['name', 'lastName', 'document', 'birth', id, 'email', 'password', 'confirmPassword'],
    WORDS,
  ).map(
    // The insurance is written as on the card ("OSDE 310") or "none": letters too, and a hint says so.
    (f) => (f.key === 'obraSocial' ? { ...f, inputMode: undefined, hint: MSG.insuranceHint } : f),
  );
const FIELDS = { Patient: fieldsOf('obraSocial'), Medic: fieldsOf('tuition_number') };

const EMPTY = emptyPersonValues([...FIELDS.Patient, ...FIELDS.Medic].map(({ key }) => key));
type Values = typeof EMPTY;

/** The sign-up bodies as the contract takes them. */
const patientInput = ({ infoUser, infoPatient }: Values) => ({ infoUser, infoPatient });
const medicInput = ({ infoUser, infoMedic }: Values) => ({ infoUser, infoMedic });

/** `/SignUp`: registration with a Patient/Medic toggle, Patient by default. */
export function SignUp(): ReactElement {
  const [kind, setKind] = useState<Kind>('Patient');
  return (
    <PublicLayout title="Sign up" back>
      <fieldset className={styles.toggle}>
        <legend className={styles.legend}>I am a</legend>
        {(['Patient', 'Medic'] as const).map((k) => (
          <label key={k} className={styles.option} data-checked={kind === k || undefined}>
            <input type="radio" name="userType" value={k} checked={kind === k} onChange={() => setKind(k)} />
            {k}
          </label>
        ))}
      </fieldset>
      {/* Remounting on toggle keeps each form's state and schema its own. */}
      {kind === 'Patient' ? (
        <SignUpForm key="Patient" kind="Patient" />
      ) : (
        <SignUpForm key="Medic" kind="Medic" />
      )}
    </PublicLayout>
  );
}

/**
 * The first medic of a new deployment opens /SignUp?setup=<token> (docs/deploy.md, "The first medic").
 * Read from the raw query, so a `+` the link left unencoded stays a `+` (URLSearchParams makes it a space).
 */
function setupHeader(): Record<string, string> {
  const raw = /[?&]setup=([^&#]*)/.exec(window.location.search)?.[1];
  if (!raw) return {};
  let token = raw;
  try {
    token = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: send it as it is; the worker reads it every way a link may carry it.
  }
  return { [SETUP_TOKEN_HEADER]: token };
}

function SignUpForm({ kind }: { kind: Kind }): ReactElement {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm({
    schema: kind === 'Patient' ? PatientSignUpSchema : MedicSignUpSchema,
    initial: EMPTY,
    toInput: (values: Values): unknown => (kind === 'Patient' ? patientInput(values) : medicInput(values)),
    mustMatch: {
      field: 'infoUser.password',
      confirm: 'infoUser.confirmPassword',
      msg: MSG.passwordsDontMatch,
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    form.markSubmitted();
    if (!form.result.ok) {
      await notify({ title: MSG.allFieldsMustBeCompleted, icon: 'error' });
      return;
    }
    setBusy(true);
    try {
      const created =
        kind === 'Patient'
          ? await answer(api.patients.$post({ json: patientInput(form.values) }))
          : await answer(api.medics.$post({ json: medicInput(form.values) }, { headers: setupHeader() }));
      // Signed out, the answer is the sign-up's: whether the account may sign in already.
      const approved = 'approved' in created && created.approved;
      // A success closes after 1500 ms like every other; a medic waiting for approval reads why
      // again on the waiting page their first sign-in opens.
      await notify({
        title: MSG.registeredSuccessfully,
        ...(approved ? {} : { text: MSG.awaitingApproval }),
        icon: 'success',
      });
      // A new patient is signed in and lands on the portal home; if that cannot be done now (the
      // account must be confirmed first, say), the login page takes over as before.
      if (kind === 'Patient' && approved) {
        loadHomeShell().catch(() => undefined);
        const landed = await signIn(form.values.infoUser.email.trim(), form.values.infoUser.password).then(
          (who) => who !== 'enrol',
          () => false,
        );
        if (landed) {
          await navigate('/home');
          return;
        }
      }
      await navigate('/');
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 409) {
        await notify({ title: MSG.userExists, icon: 'error' });
      } else if (err instanceof ApiError && err.status === 422) {
        form.setServerErrors(err.errors);
        await notify({ title: MSG.allFieldsMustBeCompleted, icon: 'error' });
      } else {
        await notify({
          title: MSG.error,
          text: err instanceof ApiError ? err.msg : MSG.somethingWentWrong,
          icon: 'error',
        });
      }
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={`${kind} sign up`}>
      <div className={styles.grid}>
        <PersonInputs fields={FIELDS[kind]} form={form} />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        Sign up
      </button>
    </form>
  );
}
