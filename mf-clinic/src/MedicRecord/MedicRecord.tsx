import {
  ApiError,
  answer,
  api,
  type FieldOf,
  FormFooter,
  formStyles,
  INITIAL_CONFIG_PATH,
  Loaded,
  loadClinic,
  Navigate,
  notify,
  notifyFailure,
  Page,
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
import type { ReactElement } from 'react';

type Group = 'infoUser' | 'infoMedic' | 'infoClinic';
type Field = readonly [field: string, label: string, type: string, autoComplete?: string];

/** 'Medical record': three sections, their fields in the SPEC's order and words. */
const SECTIONS: readonly { group: Group; legend: string; fields: readonly Field[] }[] = [
  {
    group: 'infoUser',
    legend: 'Personal information',
    fields: [
      ['document', 'Document', 'text', 'off'],
      ['name', 'Name', 'text', 'off'],
      ['lastName', 'LastName', 'text', 'off'],
      ['birth', 'Birthday', 'date'],
      ['street', 'Street', 'text', 'off'],
      ['number', 'Number', 'text', 'off'],
      ['city', 'City', 'text', 'off'],
      ['postalCode', 'Postal Code', 'text', 'off'],
      ['telephone', 'Telephone', 'tel', 'off'],
      ['cellphone', 'Cellphone', 'tel', 'off'],
      ['email', 'Email', 'email', 'off'],
      ['password', 'Password', 'password', 'new-password'],
    ],
  },
  {
    group: 'infoMedic',
    legend: 'Specialization data',
    fields: [
      ['title', 'Title', 'text'],
      ['specialization', 'Specialization', 'text'],
      ['tuition_date', 'Tuition Date', 'date'],
      ['tuition_number', 'Tuition Number', 'text'],
    ],
  },
  {
    group: 'infoClinic',
    legend: 'Clinic information',
    fields: [
      ['logo', 'Clinic Logo', 'url'],
      ['name', 'Name', 'text'],
      ['street', 'Street', 'text'],
      ['number', 'Number', 'text'],
      ['city', 'City', 'text'],
      ['postalCode', 'Postal Code', 'text'],
      ['telephone', 'Telephone', 'tel'],
      ['email', 'Email', 'email'],
      ['hours', 'Hours', 'text'],
    ],
  },
];

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
        {SECTIONS.map(({ group, legend, fields }) => (
          <fieldset key={group} className={formStyles.section}>
            <legend>{legend}</legend>
            <div className={formStyles.grid}>
              {fields.map(([field, label, type, autoComplete]) => {
                const key = `${group}.${field}` as FieldOf<MedicRecordForm>;
                return (
                  <TextField
                    key={key}
                    label={label}
                    name={key}
                    type={type}
                    autoComplete={autoComplete}
                    required
                    {...form.field(key)}
                  />
                );
              })}
            </div>
          </fieldset>
        ))}
        <FormFooter showError={form.showFormError} sending={form.sending} label="Register medic" />
      </form>
    </Page>
  );
}
