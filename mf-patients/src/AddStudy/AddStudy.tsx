import {
  ApiError,
  notify,
  notifyFailure,
  Page,
  PatientHeader,
  TextAreaField,
  useNavigate,
  useParams,
} from '@clinic/kit';
import { MSG, STUDY_MAX_BYTES, STUDY_TYPES, type StudyType } from '@clinic/worker/contract';
import { type FormEvent, type ReactElement, useId, useState } from 'react';
import styles from './AddStudy.module.css';
import { uploadStudy } from './upload';

/** Client-side check of the chosen file; the server checks the content again (%PDF-). */
function fileError(file: File | null): string | undefined {
  if (!file) return undefined;
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return MSG.pdfOnly;
  if (file.size > STUDY_MAX_BYTES) return MSG.fileTooLarge;
  return undefined;
}

/**
 * /home/studies/{patientID}: ONE study type (two radio buttons, so a second cannot be picked), a
 * description and a PDF uploaded with progress.
 */
export function AddStudy(): ReactElement {
  const { patientID } = useParams();
  const navigate = useNavigate();
  const ids = useId();
  const [studyType, setStudyType] = useState<StudyType | null>(null);
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, { msg: string }>>({});

  const typeError = submitted && studyType === null ? MSG.completeAllFields : serverErrors.studyType?.msg;
  const descriptionError =
    submitted && description.trim() === '' ? MSG.completeAllFields : serverErrors.description?.msg;
  const chosenFileError = fileError(file);
  const sending = progress !== null;

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSubmitted(true);
    if (studyType === null || description.trim() === '' || chosenFileError) {
      await notify({ title: chosenFileError ?? MSG.completeAllFields, icon: 'warning' });
      return;
    }
    const form = new FormData();
    form.set('patient', patientID ?? '');
    form.set('studyType', studyType);
    form.set('description', description);
    if (file) form.set('file', file);
    setProgress(0);
    setUploaded(false);
    try {
      await uploadStudy(form, setProgress, () => {
        setUploaded(Boolean(file));
        // The upload's own confirmation is a pop-up too; 'Study sent correctly!' follows it.
        if (file) void notify({ title: MSG.fileUploaded, icon: 'success' });
      });
      await notify({ title: MSG.studySent, icon: 'success' });
      void navigate(`/home/${patientID}`, { replace: true });
    } catch (err) {
      setProgress(null);
      setUploaded(false);
      if (err instanceof ApiError && err.errors) setServerErrors(err.errors);
      await notifyFailure(err);
    }
  };

  return (
    <Page title="Add Studies" width="narrow">
      {/^\d+$/.test(patientID ?? '') ? <PatientHeader patientId={Number(patientID)} /> : null}
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
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
                onChange={() => setStudyType(type)}
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
          value={description}
          error={descriptionError}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className={styles.file}>
          <label htmlFor={`${ids}-file`} className={styles.label}>
            Study file (PDF, up to 20 MB)
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            name="file"
            accept="application/pdf,.pdf"
            aria-invalid={chosenFileError ? true : undefined}
            aria-describedby={chosenFileError ? `${ids}-file-error` : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {chosenFileError ? (
            <p id={`${ids}-file-error`} className={styles.error} role="alert">
              {chosenFileError}
            </p>
          ) : null}
        </div>
        {progress !== null && file ? (
          <div className={styles.progress}>
            <label htmlFor={`${ids}-progress`}>Uploading {file.name}</label>
            <progress id={`${ids}-progress`} max={100} value={progress}>
              {progress}%
            </progress>
            <span aria-live="polite">{uploaded ? MSG.fileUploaded : `${progress}%`}</span>
          </div>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={sending}>
          Send study
        </button>
      </form>
    </Page>
  );
}
