import {
  AccessLog,
  answer,
  answerAll,
  api,
  ClinicalHistoryForm,
  defaultDentition,
  formatDate,
  HistoryChanges,
  Link,
  LoadFailed,
  NotFound,
  Page,
  PastWorkChart,
  PatientHeader,
  type Resource,
  Spinner,
  StudyOpener,
  toothLabel,
  useParams,
  useQuery,
} from '@clinic/kit';
import {
  answersOf,
  CLINICAL_HISTORY_GROUPS,
  type ClinicalHistory,
  CONDITION_LABELS,
  type Evolution,
  isWarning,
  MSG,
  type PatientDetails,
  type Study,
} from '@clinic/worker/contract';
import { type ReactElement, Suspense, useState } from 'react';
import styles from './PatientPage.module.css';

/** Who read or changed this patient's record: collapsed, read from the server only when opened. */
function AccessLogSection(props: { patientId: number }): ReactElement {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.section} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <h3 className={styles.summaryTitle}>{MSG.accessLog}</h3>
      </summary>
      {open ? <AccessLog patientId={props.patientId} caption={MSG.accessLog} /> : null}
    </details>
  );
}

/** What the desk left empty, as the patient page names it. */
const MISSING_LABELS = {
  telephone: 'telephone',
  cellphone: 'cellphone',
  email: 'email',
  medicalService: 'medical service',
} as const;
const DOCUMENT_TYPE_LABELS = { DNI: 'DNI', passport: 'passport', foreign: 'foreign ID' } as const;

/** /home/{patientID}: actions, studies, evolutions and the clinical history of one patient. */
export function PatientPage(): ReactElement {
  const { patientID } = useParams();
  const id = /^\d+$/.test(patientID ?? '') ? Number(patientID) : null;
  const param = String(id);
  const patient = useQuery(id ? `patient:${id}` : null, () =>
    answer(api.patients[':id'].$get({ param: { id: param } })),
  );
  const studies = useQuery(id ? `studies:${id}` : null, () =>
    answer(api.studies.search.$get({ query: { id: param } })),
  );
  const evolutions = useQuery(id ? `evolutions:${id}` : null, () =>
    answerAll((page) => api.evolutions.$get({ query: { PatientID: param, q: '', ...page } })),
  );
  // A patient whose clinical history is not filled in yet: the 404 is no history, not an error.
  const [historyTick, setHistoryTick] = useState(0);
  const history = useQuery<ClinicalHistory | null>(
    id ? `history:${id}` : null,
    () => answer(api.clinicalhistories.search.$get({ query: { id: param } })),
    { notFound: null, tick: historyTick },
  );

  // /home/<not a number> is no patient's page: another screen's path (a patient's own, or a typo).
  if (id === null) return <NotFound />;
  if (patient.state === 'loading') return <Spinner />;
  if (patient.state === 'error') {
    return (
      <Page title="Patient">
        <LoadFailed resource={patient} />
      </Page>
    );
  }
  const p = patient.data;
  return (
    <Page
      title={p.fullName}
      actions={
        <>
          <Link className="btn btn-primary" to={`/home/addEvolution/${id}`}>
            Add Evolution
          </Link>
          <Link className="btn btn-primary" to={`/home/studies/${id}`}>
            Add Studies
          </Link>
          <Link className="btn btn-secondary" to={`/home/updatePatient/${id}`}>
            Update Patient Info
          </Link>
        </>
      }
    >
      <PatientHeader patientId={id} tick={historyTick} />
      <PatientFacts p={p} />

      <section className={styles.section} aria-labelledby="chart-title">
        <h3 id="chart-title">Chart of past work</h3>
        {evolutions.state === 'loading' ? (
          <p className="muted">{MSG.chargingEvolution}</p>
        ) : evolutions.state === 'error' ? (
          <LoadFailed resource={evolutions} />
        ) : (
          <PastWorkChart evolutions={evolutions.data} initial={defaultDentition(p.age)} />
        )}
      </section>

      <StudiesSection studies={studies} />
      <EvolutionsSection evolutions={evolutions} />

      <section className={styles.section} aria-labelledby="history-title">
        <h3 id="history-title">Clinical history</h3>
        <HistoryView history={history} patientId={id} onSaved={() => setHistoryTick((t) => t + 1)} />
      </section>

      <AccessLogSection patientId={id} />
    </Page>
  );
}

function HistoryView(props: {
  history: Resource<ClinicalHistory | null>;
  patientId: number;
  onSaved: () => void;
}): ReactElement {
  const { history } = props;
  const [editing, setEditing] = useState(false);
  if (history.state === 'loading') return <p className="muted">Charging clinical history...</p>;
  if (history.state === 'error') return <LoadFailed resource={history} />;
  if (history.data === null) {
    return (
      <p>
        This patient has no clinical history.{' '}
        <Link to={`/home/create-clinical-history?patient=${props.patientId}`}>Create clinical history</Link>
      </p>
    );
  }
  const h = history.data;
  if (editing) {
    return (
      <Suspense fallback={<p className="muted">Loading the questionnaire...</p>}>
        <ClinicalHistoryForm
          patient={props.patientId}
          current={answersOf(h)}
          version={h}
          onDone={() => {
            setEditing(false);
            props.onSaved();
          }}
        />
      </Suspense>
    );
  }
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
        Update clinical history
      </button>
      <HistoryChanges patientId={props.patientId} version={h} />
      <HistoryAnswers h={h} />
    </>
  );
}

function HistoryAnswers({ h }: { h: ClinicalHistory }): ReactElement {
  return (
    <div className={styles.groups}>
      {CLINICAL_HISTORY_GROUPS.map((g) => (
        <div key={g.prefix} className={styles.group}>
          <h4>{g.title}</h4>
          <dl className={styles.answers}>
            {g.conditions.map((key) => (
              <div key={key}>
                <dt>{CONDITION_LABELS[key]}</dt>
                <dd className={isWarning(key, h[key]) ? styles.yes : undefined}>{h[key] ? 'YES' : 'NO'}</dd>
              </div>
            ))}
            <div>
              <dt>Other</dt>
              <dd>{h[g.other] || '—'}</dd>
            </div>
          </dl>
        </div>
      ))}
    </div>
  );
}

/** Birth, cellphone, email, document and guardian, then what the record still lacks. */
function PatientFacts({ p }: { p: PatientDetails }): ReactElement {
  return (
    <>
      <dl className={styles.facts}>
        <dt>Birth</dt>
        <dd>{formatDate(p.birth)}</dd>
        <dt>Cellphone</dt>
        <dd>{p.cellphone}</dd>
        <dt>Email</dt>
        <dd>{p.email || (p.guardianID !== null ? 'None (mail goes to the guardian)' : 'None')}</dd>
        <dt>Document</dt>
        <dd>
          {p.document} ({DOCUMENT_TYPE_LABELS[p.documentType]})
        </dd>
        {p.tutor ? (
          <>
            <dt>Guardian</dt>
            <dd>{p.guardianID !== null ? <Link to={`/home/${p.guardianID}`}>{p.tutor}</Link> : p.tutor}</dd>
          </>
        ) : null}
      </dl>
      {p.missing.length > 0 ? (
        <p className={styles.missing} data-testid="missing-data">
          {MSG.missingData} {p.missing.map((k) => MISSING_LABELS[k]).join(', ')}
        </p>
      ) : null}
    </>
  );
}

/** The patient's studies, each with its file. */
function StudiesSection({ studies }: { studies: Resource<Study[]> }): ReactElement {
  return (
    <section className={styles.section} aria-labelledby="studies-title">
      <h3 id="studies-title">Studies</h3>
      {studies.state === 'loading' ? (
        <p className="muted">{MSG.chargingStudies}</p>
      ) : studies.state === 'error' ? (
        <LoadFailed resource={studies} />
      ) : studies.data.length === 0 ? (
        <p className="muted">This patient has no studies</p>
      ) : (
        <ul className={styles.list}>
          {studies.data.map((s) => (
            <li key={s.ID} className={styles.item}>
              <strong className={styles.kind}>{s.studyType}</strong>
              <span>{s.description ?? MSG.hasNoDescription}</span>
              <StudyOpener study={s} missing="No file" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The patient's evolutions: date, observations, medic, teeth and treatment. */
function EvolutionsSection({ evolutions }: { evolutions: Resource<Evolution[]> }): ReactElement {
  return (
    <section className={styles.section} aria-labelledby="evolutions-title">
      <h3 id="evolutions-title">Evolutions</h3>
      {evolutions.state === 'loading' ? (
        <p className="muted">{MSG.chargingEvolution}</p>
      ) : evolutions.state === 'error' ? (
        <LoadFailed resource={evolutions} />
      ) : evolutions.data.length === 0 ? (
        <p className="muted">This patient has no evolutions</p>
      ) : (
        <ul className={styles.list}>
          {evolutions.data.map((e) => (
            <li key={e.ID} className={styles.item}>
              <strong>{formatDate(e.date)}</strong>
              <span>{e.observations}</span>
              <span className="muted">
                {e.medic}
                {e.teeth.length > 0
                  ? ` · ${e.teeth.length > 1 ? 'Teeth' : 'Tooth'} ${e.teeth.map(toothLabel).join(', ')}`
                  : ''}
                {e.treatment ? ` · ${e.treatment}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
