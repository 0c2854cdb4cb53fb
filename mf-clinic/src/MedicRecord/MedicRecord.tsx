import {
  ApiError,
  answer,
  api,
  EmailChangeProof,
  FormFooter,
  formStyles,
  INITIAL_CONFIG_PATH,
  Loaded,
  loadClinic,
  Navigate,
  notify,
  notifyFailure,
  Page,
  PersonInputs,
  personFields,
  TextField,
  useClinic,
  useNavigate,
  useSchemaForm,
} from '@clinic/kit';
import {
  type MedicRecordForm,
  MedicRegisterSchema,
  MSG,
  medicRecordFormOf,
  sameClinicSection,
} from '@clinic/worker/contract';
import type { ReactElement, ReactNode } from 'react';

/** 'Medical record': three sections, their fields in the SPEC's order and words. */
// biome-ignore format: the SPEC's order, packed
const PERSONAL = personFields(['document', 'name', 'lastName', 'birth', 'street', 'number', 'city', 'postalCode',
  'telephone', 'cellphone', 'email', 'password'],
  { labels: { lastName: 'LastName', birth: 'Birthday' }, autofill: 'other', hints: { birth: null } });
const SPECIALIZATION = personFields(['title', 'specialization', 'tuition_date', 'tuition_number']);
const CLINIC = [
  ['logo', 'Clinic Logo', 'url'],
  ['name', 'Name', 'text'],
  ['street', 'Street', 'text'],
  ['number', 'Number', 'text'],
  ['city', 'City', 'text'],
  ['postalCode', 'Postal Code', 'text'],
  ['telephone', 'Telephone', 'tel'],
  ['email', 'Email', 'email'],
  ['hours', 'Hours', 'text'],
] as const;

function Section({ legend, children }: { legend: string; children: ReactNode }): ReactElement {
  return (
    <fieldset className={formStyles.section}>
      <legend>{legend}</legend>
      <div className={formStyles.grid}>{children}</div>
    </fieldset>
  );
}

/** /home/doctor: a signed-in medic registers another medic of the clinic (approved at once). */
export function MedicRecord(): ReactElement {
  const clinic = useClinic();
  if (clinic.state === 'missing') return <Navigate to={INITIAL_CONFIG_PATH} replace />;
  return (
    <Loaded resource={clinic} title="Medical record" width="narrow">
      {(data) => <MedicRecordFormView key={data.ID} initial={medicRecordFormOf(data)} />}
    </Loaded>
  );
}

function MedicRecordFormView({ initial }: { initial: MedicRecordForm }): ReactElement {
  const navigate = useNavigate();
  const form = useSchemaForm({ schema: MedicRegisterSchema, initial });

  const send = async (input: MedicRecordForm): Promise<void> => {
    try {
      // The clinic section goes out only when the medic changed it, so registering a medic never
      // rewrites the clinic with what the form was prefilled with.
      const { infoClinic, ...record } = input;
      const touched = !sameClinicSection(infoClinic, initial.infoClinic);
      const created = await answer(api.medics.$post({ json: touched ? input : record }));
      // POST /medics answers a sign-up without a session, a medic's record (with clinicUpdated) with one.
      const clinicUpdated =
        typeof created === 'object' && 'clinicUpdated' in created && created.clinicUpdated === true;
      if (clinicUpdated) await loadClinic(true).catch(() => null);
      await notify({
        title: MSG.registeredSuccessfully,
        ...(clinicUpdated ? { text: MSG.medicRecordClinicSaved } : {}),
        icon: 'success',
      });
      void navigate('/home/clinic-details');
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        form.setServerErrors(err.errors);
        await notify({ title: err.status === 409 ? err.msg : MSG.invalidInput, icon: 'error' });
      } else {
        await notifyFailure(err);
      }
    }
  };

  return (
    <Page title="Medical record" width="narrow">
      <form className={formStyles.form} noValidate onSubmit={form.submit(send)}>
        <Section legend="Personal information">
          <PersonInputs fields={PERSONAL} form={form} />
        </Section>
        <Section legend="Specialization data">
          <PersonInputs fields={SPECIALIZATION} form={form} />
        </Section>
        <Section legend="Clinic information">
          {CLINIC.map(([field, label, type]) => (
            <TextField
              key={field}
              label={label}
              name={`infoClinic.${field}`}
              type={type}
              required
              {...form.field(`infoClinic.${field}`)}
            />
          ))}
        </Section>
        <fieldset className={formStyles.section}>
          <legend>Confirm it is you</legend>
          <p>
            A new medic reads every patient: registering one takes your own password, and your code when you
            have a second factor.
          </p>
          <EmailChangeProof form={form} required />
        </fieldset>
        <FormFooter showError={form.showFormError} sending={form.sending} label="Register medic" />
      </form>
    </Page>
  );
}
