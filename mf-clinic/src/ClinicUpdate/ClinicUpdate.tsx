import {
  ApiError,
  answer,
  api,
  changedFields,
  DRY_RUN,
  type FieldErrors,
  INITIAL_CONFIG_PATH,
  ifMatch,
  Loaded,
  Navigate,
  notify,
  Page,
  setClinic,
  useClinic,
  useNavigate,
} from '@clinic/kit';
import {
  type Clinic,
  type ClinicUpdate as ClinicUpdateBody,
  ClinicUpdateSchema,
  check,
  MSG,
  type StrandedChoice,
  type Turn,
} from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { ClinicForm, fieldErrorsOf } from '../ClinicForm/ClinicForm';
import { type ClinicPayload, valuesOf } from '../ClinicForm/values';
import { StrandedTurns } from '../StrandedTurns/StrandedTurns';

interface Question {
  turns: readonly Turn[];
  answer: (choice: StrandedChoice | null) => void;
}

/** /home/clinic-details/update-data: the clinic's data, prefilled, no field required. */
export function ClinicUpdate(): ReactElement {
  const navigate = useNavigate();
  const clinic = useClinic({ fresh: true });
  const [question, setQuestion] = useState<Question | null>(null);
  if (clinic.state === 'missing') return <Navigate to={INITIAL_CONFIG_PATH} replace />;

  /** The desk's choice for the turns new hours would strand; null: back to the hours. */
  const choiceFor = (turns: readonly Turn[]) =>
    new Promise<StrandedChoice | null>((resolve) =>
      setQuestion({
        turns,
        answer: (choice) => {
          setQuestion(null);
          resolve(choice);
        },
      }),
    );

  /**
   * Someone else saved the clinic first: the clinic as it now is becomes this form's base (the next
   * save, made knowing, goes through), what was typed stays, and each field they changed says so.
   */
  const stale = async (err: unknown, base: Clinic): Promise<FieldErrors | null> => {
    if (!(err instanceof ApiError) || err.status !== 412 || !err.current) return null;
    const current = err.current as unknown as Clinic;
    const changed = changedFields(valuesOf(base), valuesOf(current));
    setClinic(current);
    const paths = Object.keys(changed);
    await notify({
      title: MSG.staleRecord,
      text: paths.length ? `${MSG.staleFields} ${paths.join(', ')}. ${MSG.staleKept}` : MSG.staleKept,
      icon: 'warning',
    });
    return Object.fromEntries(
      paths.map((path) => [path, { msg: `${MSG.changedByOther} ${changed[path] || MSG.changedToEmpty}` }]),
    );
  };

  const submit =
    (base: Clinic) =>
    async (payload: ClinicPayload): Promise<FieldErrors | undefined> => {
      const id = base.ID;
      // The form checked the same schema; its parsed value is the body, typed as the route reads it.
      const parsed = check(ClinicUpdateSchema, payload);
      if (!parsed.ok) return parsed.errors;
      try {
        let json = parsed.value;
        // New hours that leave booked turns outside them: those turns are listed before saving.
        if (json.officeHours) {
          const turns = await answer(
            api.turns['outside-hours'].$post({ json: { officeHours: json.officeHours } }),
          );
          if (turns.length > 0) {
            const strandedTurns = await choiceFor(turns);
            if (!strandedTurns) return undefined;
            json = { ...json, strandedTurns };
          }
        }
        // Saved only if nobody changed the clinic since this form opened (412 otherwise).
        setClinic(await answer(api.Clinics[':id'].$put({ param: { id: String(id) }, json }, ifMatch(base))));
        await notify({ title: MSG.clinicUpdated, icon: 'success' });
        void navigate('/home/clinic-details');
        return undefined;
      } catch (err) {
        return (await stale(err, base)) ?? fieldErrorsOf(err);
      }
    };

  return (
    <Loaded resource={clinic} title="Update Clinic Data" width="narrow">
      {(data) => (
        <Page title="Update Clinic Data" width="narrow">
          <ClinicForm
            key={data.ID}
            mode="update"
            initial={valuesOf(data)}
            submitLabel="Update details"
            validate={(payload) =>
              // The values as they stand, valid or not: the route's own check is the point (typed as its output).
              api.Clinics[':id'].$put(
                { param: { id: String(data.ID) }, json: payload as ClinicUpdateBody },
                DRY_RUN,
              )
            }
            onSubmit={submit(data)}
          />
          {question ? <StrandedTurns turns={question.turns} onAnswer={question.answer} /> : null}
        </Page>
      )}
    </Loaded>
  );
}
