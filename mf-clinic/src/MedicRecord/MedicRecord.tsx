import {
  $clinic,
  $clinicError,
  $clinicStatus,
  ApiError,
  type FieldOf,
  FormFooter,
  formStyles,
  loadClinic,
  Navigate,
  notify,
  notifyFailure,
  Page,
  request,
  Spinner,
  TextField,
  useNavigate,
  useSchemaForm,
} from '@clinic/kit';
import {
  type MedicRecordForm,
  type MedicRecordResult,
  MedicRegisterSchema,
  MSG,
  medicRecordFormOf,
  sameClinicSection,
} from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';

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
  const status = useStore($clinicStatus);
  const clinic = useStore($clinic);
  const loadError = useStore($clinicError);

  useEffect(() => {
    loadClinic().catch(() => {
      // Shown below from $clinicError.
    });
  }, []);

  if (status === 'missing') return <Navigate to="/home/clinic-details/initial-config" replace />;
  if (status === 'error' && !clinic) {
    return (
      <Page title="Medical record" width="narrow">
        <p role="alert">{loadError}</p>
      </Page>
    );
  }
  if (!clinic) return <Spinner />;
  return <MedicRecordFormView key={clinic.ID} initial={medicRecordFormOf(clinic)} />;
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
      const created = await request<MedicRecordResult>('POST', '/medics', touched ? input : record);
      if (created.clinicUpdated) await loadClinic(true).catch(() => null);
      await notify({
        title: MSG.registeredSuccessfully,
        ...(created.clinicUpdated ? { text: MSG.medicRecordClinicSaved } : {}),
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
