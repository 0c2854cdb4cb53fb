import {
  $session,
  AccountSecurity,
  ApiError,
  answer,
  answerOne,
  api,
  DRY_RUN,
  EmailChangeProof,
  FormFooter,
  formStyles,
  ifMatch,
  Link,
  Loaded,
  loadSession,
  notify,
  Page,
  PersonInputs,
  personFields,
  staleSave,
  useNavigate,
  useQuery,
  useSchemaForm,
} from '@clinic/kit';
import { type Medic, MedicUpdateSchema, MSG, medicUpdateInputOf } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { type ReactElement, useState } from 'react';

type Form = ReturnType<typeof medicUpdateInputOf> & { currentPassword: string; code: string };

// biome-ignore format: the SPEC's order, packed
const FIELDS = personFields(['name', 'lastName', 'email', 'birth', 'telephone', 'cellphone', 'street', 'number',
  'city', 'postalCode', 'specialization', 'tuition_date'], { labels: { name: 'First Name' }, autofill: 'none' });

/** /home/updateMedic: the signed-in medic's own data, prefilled and re-validated by the server. */
export function UpdateMedic(): ReactElement {
  const email = useStore($session)?.email;
  const load = useQuery(email ? `medic:${email}` : null, () =>
    answerOne(api.medics.$get({ query: { email } })),
  );

  return (
    <Loaded resource={load} title="Update My Info" width="narrow">
      {(medic) => <UpdateMedicForm key={medic.ID} medic={medic} />}
    </Loaded>
  );
}

function UpdateMedicForm({ medic }: { medic: Medic }): ReactElement {
  const navigate = useNavigate();
  const param = { id: String(medic.ID) };
  const form = useSchemaForm({
    schema: MedicUpdateSchema,
    initial: { ...medicUpdateInputOf(medic), currentPassword: '', code: '' },
    validate: (input) => api.medics[':id'].$put({ param, json: input }, DRY_RUN),
  });

  // The record as this form last knew it: saves go only if it is still so (412 otherwise).
  const [base, setBase] = useState(medic);
  const labelOf = (path: string) => FIELDS.find((f) => f.path === path)?.label ?? path;
  const emailChanged = form.values.infoUser.email.trim().toLowerCase() !== medic.email;

  const send = async (input: Form): Promise<void> => {
    try {
      const saved = await answer(api.medics[':id'].$put({ param, json: input }, ifMatch(base)));
      // The header and the stored login show the new name (a new email waits for its link).
      await loadSession().catch(() => null);
      await notify({
        title: MSG.medicInfoUpdated,
        ...(saved.emailPending ? { text: `${MSG.emailChangePending} (${saved.emailPending})` } : {}),
        icon: 'success',
      });
      void navigate('/home');
    } catch (err) {
      // Someone else saved first (another tab): their changes come in and show, what was typed stays.
      const current = await staleSave(err, base, medicUpdateInputOf, form, labelOf);
      if (current) {
        setBase(current);
        return;
      }
      if (err instanceof ApiError && err.errors) form.setServerErrors(err.errors);
      const invalid = err instanceof ApiError && err.errors;
      await notify({ title: invalid ? MSG.invalidInput : MSG.somethingWentWrong, icon: 'error' });
    }
  };

  return (
    <Page
      title="Update My Info"
      width="narrow"
      actions={
        <Link className="btn btn-secondary" to="/home/changePassword">
          Change Password
        </Link>
      }
    >
      <form className={formStyles.form} noValidate onSubmit={form.submit(send)}>
        <div className={formStyles.grid}>
          <PersonInputs fields={FIELDS} form={form} />
        </div>
        {emailChanged ? <EmailChangeProof form={form} required /> : null}
        <FormFooter showError={form.showFormError} sending={form.sending} label="Update My Info" />
      </form>
      <AccountSecurity />
    </Page>
  );
}
