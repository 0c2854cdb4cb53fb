import {
  AccessLog,
  answer,
  answerAll,
  api,
  formatDate,
  Link,
  Page,
  type Resource,
  Spinner,
  StudyOpener,
  useParams,
  useQuery,
} from '@clinic/kit';
import {
  CLINICAL_HISTORY_GROUPS,
  type ClinicalHistory,
  CONDITION_LABELS,
  MSG,
} from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
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
    answerAll((page) => api.evolutions.$get({ query: { PatientID: param, ...page } })),
  );
  // A patient whose clinical history is not filled in yet: the 404 is no history, not an error.
  const history = useQuery<ClinicalHistory | null>(
    id ? `history:${id}` : null,
    () => answer(api.clinicalhistories.search.$get({ query: { id: param } })),
    { notFound: null },
  );

  if (id === null) {
    return (
      <Page title="Patient">
        <p role="alert">{MSG.patientNotFoundApi}</p>
      </Page>
    );
  }
  if (patient.state === 'loading') return <Spinner />;
  if (patient.state === 'error') {
    return (
      <Page title="Patient">
        <p role="alert">{patient.msg}</p>
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
      <dl className={styles.facts}>
        <dt>DNI</dt>
        <dd>{p.document}</dd>
        <dt>Age</dt>
        <dd>{p.age ?? '—'}</dd>
        <dt>Birth</dt>
        <dd>{formatDate(p.birth)}</dd>
        <dt>Medical Service</dt>
        <dd>{p.medicalService}</dd>
        <dt>Cellphone</dt>
        <dd>{p.cellphone}</dd>
        <dt>Email</dt>
        <dd>{p.email}</dd>
      </dl>

      <section className={styles.section} aria-labelledby="studies-title">
        <h3 id="studies-title">Studies</h3>
        {studies.state === 'loading' ? (
          <p className="muted">{MSG.chargingStudies}</p>
        ) : studies.state === 'error' ? (
          <p role="alert">{studies.msg}</p>
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

      <section className={styles.section} aria-labelledby="evolutions-title">
        <h3 id="evolutions-title">Evolutions</h3>
        {evolutions.state === 'loading' ? (
          <p className="muted">{MSG.chargingEvolution}</p>
        ) : evolutions.state === 'error' ? (
          <p role="alert">{evolutions.msg}</p>
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
                  {e.toothID ? ` · Tooth ${e.toothID}` : ''}
                  {e.treatment ? ` · ${e.treatment}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.section} aria-labelledby="history-title">
        <h3 id="history-title">Clinical history</h3>
        <HistoryView history={history} patientId={id} />
      </section>

      <AccessLogSection patientId={id} />
    </Page>
  );
}

function HistoryView(props: { history: Resource<ClinicalHistory | null>; patientId: number }): ReactElement {
  const { history } = props;
  if (history.state === 'loading') return <p className="muted">Charging clinical history...</p>;
  if (history.state === 'error') return <p role="alert">{history.msg}</p>;
  if (history.data === null) {
    return (
      <p>
        This patient has no clinical history.{' '}
        <Link to={`/home/create-clinical-history?patient=${props.patientId}`}>Create clinical history</Link>
      </p>
    );
  }
  const h = history.data;
  return (
    <div className={styles.groups}>
      {CLINICAL_HISTORY_GROUPS.map((g) => (
        <div key={g.prefix} className={styles.group}>
          <h4>{g.title}</h4>
          <dl className={styles.answers}>
            {g.conditions.map((key) => (
              <div key={key}>
                <dt>{CONDITION_LABELS[key]}</dt>
                <dd className={h[key] ? styles.yes : undefined}>{h[key] ? 'YES' : 'NO'}</dd>
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
