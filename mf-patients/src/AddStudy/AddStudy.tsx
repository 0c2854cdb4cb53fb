import {
  ApiError,
  notify,
  notifyFailure,
  Page,
  PatientHeader,
  TextAreaField,
  useNavigate,
  useParams,
  useSchemaForm,
} from '@clinic/kit';
import {
  MSG,
  STUDY_MAX_BYTES,
  STUDY_TYPES,
  StudyFieldsSchema,
  type StudyType,
} from '@clinic/worker/contract';
import { type ChangeEvent, type FormEvent, type ReactElement, useId, useState } from 'react';
import styles from './AddStudy.module.css';
import { uploadStudy } from './upload';

/** Client-side check of the chosen file; the server checks the content again (%PDF-). */
function fileError(file: File | null): string | undefined {
  if (!file) return undefined;
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return MSG.pdfOnly;
  if (file.size > STUDY_MAX_BYTES) return MSG.fileTooLarge;
  return undefined;
}

/** The PDF to send, its message, and the upload's progress once sending. */
function StudyFile(props: {
  id: string;
  file: File | null;
  error: string | undefined;
  progress: number | null;
  uploaded: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}): ReactElement {
  return (
    <>
      <div className={styles.file}>
        <label htmlFor={props.id} className={styles.label}>
          Study file (PDF, up to 20 MB)
        </label>
        <input
          id={props.id}
          type="file"
          name="file"
          accept="application/pdf,.pdf"
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${props.id}-error` : undefined}
          onChange={props.onChange}
        />
        {props.error ? (
          <p id={`${props.id}-error`} className={styles.error} role="alert">
            {props.error}
          </p>
        ) : null}
      </div>
      {props.progress !== null && props.file ? (
        <div className={styles.progress}>
          <label htmlFor={`${props.id}-progress`}>Uploading {props.file.name}</label>
          <progress id={`${props.id}-progress`} max={100} value={props.progress}>
            {props.progress}%
          </progress>
          <span aria-live="polite">{props.uploaded ? MSG.fileUploaded : `${props.progress}%`}</span>
        </div>
      ) : null}
    </>
  );
}

interface StudyValues {
  patient: string;
  studyType: StudyType | null;
  description: string;
  file: File | null;
}

/** The text fields as the multipart form carries them (ONE study type). */
const toInput = (values: StudyValues) => ({
  patient: values.patient,
  studyType: values.studyType ? [values.studyType] : [],
  description: values.description,
});

const checks = (values: StudyValues) => ({ file: fileError(values.file) });

/**
 * /home/studies/{patientID}: ONE study type (two radio buttons, so a second cannot be picked), a
 * description and a PDF uploaded with progress.
 */
export function AddStudy(): ReactElement {
  const { patientID } = useParams();
  const navigate = useNavigate();
  const ids = useId();
  const [initial] = useState<StudyValues>(() => ({
    patient: patientID ?? '',
    studyType: null,
    description: '',
    file: null,
  }));
  const form = useSchemaForm({
    schema: StudyFieldsSchema,
    initial,
    toInput,
    checks,
    notifyInvalid: false,
    draft: false,
  });
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const { studyType, file } = form.values;
  const typeError = form.errorOf('studyType');
  const chosenFileError = fileError(file);
  const sending = progress !== null;

  const send = async (): Promise<void> => {
    const data = new FormData();
    data.set('patient', patientID ?? '');
    if (studyType) data.set('studyType', studyType);
    data.set('description', form.values.description);
    if (file) data.set('file', file);
    setProgress(0);
    setUploaded(false);
    try {
      await uploadStudy(data, setProgress, () => {
        setUploaded(Boolean(file));
        // The upload's own confirmation is a pop-up too; 'Study sent correctly!' follows it.
        if (file) void notify({ title: MSG.fileUploaded, icon: 'success' });
      });
      await notify({ title: MSG.studySent, icon: 'success' });
      void navigate(`/home/${patientID}`, { replace: true });
    } catch (err) {
      setProgress(null);
      setUploaded(false);
      if (err instanceof ApiError && err.errors) form.setServerErrors(err.errors);
      await notifyFailure(err);
    }
  };

  const submit = (event: FormEvent): void => {
    if (!form.result.ok || chosenFileError) {
      void notify({ title: chosenFileError ?? MSG.completeAllFields, icon: 'warning' });
    }
    form.submit(send)(event);
  };

  return (
    <Page title="Add Studies" width="narrow">
      {/^\d+$/.test(patientID ?? '') ? <PatientHeader patientId={Number(patientID)} /> : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset
          className={styles.types}
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? `${ids}-type` : undefined}
        >
          <legend>Study type</legend>
          {STUDY_TYPES.map((type) => (
            <label key={type} className={styles.check}>
              <input
                type="radio"
                name="studyType"
                value={type}
                checked={studyType === type}
                onChange={() => form.set('studyType', type)}
              />
              <span className={styles.typeName}>{type}</span>
            </label>
          ))}
          {typeError ? (
            <p id={`${ids}-type`} className={styles.error} role="alert">
              {typeError}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          name="description"
          label="Description"
          rows={3}
          maxLength={1000}
          {...form.field('description')}
        />
        <StudyFile
          id={`${ids}-file`}
          file={file}
          error={chosenFileError}
          progress={progress}
          uploaded={uploaded}
          onChange={form.file('file').onChange}
        />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          Send study
        </button>
      </form>
    </Page>
  );
}
