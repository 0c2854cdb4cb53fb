import {
  $session,
  answer,
  answerAll,
  api,
  formatDate,
  LoadFailed,
  Page,
  StudyOpener,
  toothLabel,
  useQuery,
} from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import type { ReactElement, ReactNode } from 'react';
import styles from './EvolutionsAndStudies.module.css';

const orUnknown = (value: ReactNode): ReactNode =>
  value === null || value === undefined || value === '' ? MSG.unknown : value;

/**
 * /home/evolutionsNStudies: the patient's visit notes (date, medic, treatment, each
 * 'Unknown' when missing; every tooth with its surfaces, as the medic's page and the PDF show them) and studies (type, description, the file, likewise).
 */
export function EvolutionsAndStudies(): ReactElement {
  const id = useStore($session)?.patientID ?? null;
  const evolutions = useQuery(id ? `evolutions:${id}` : null, () =>
    answerAll((page) => api.evolutions.$get({ query: { ...page, PatientID: String(id), q: '' } })),
  );
  const studies = useQuery(id ? `studies:${id}` : null, () =>
    answer(api.studies.search.$get({ query: { id: String(id) } })),
  );

  return (
    <Page title="Evolutions and studies" width="narrow">
      <section aria-labelledby="evolutions-title">
        <h3 id="evolutions-title">Evolutions</h3>
        {evolutions.state === 'loading' ? (
          <p className="muted" role="status">
            {MSG.loadingEvolutions}
          </p>
        ) : evolutions.state === 'error' ? (
          <LoadFailed resource={evolutions} />
        ) : evolutions.data.length === 0 ? (
          <p className="muted">{MSG.noEvolutionsYet}</p>
        ) : (
          <ul className="record-list">
            {evolutions.data.map((e) => (
              <li key={e.ID} className="record">
                <div className={styles.head}>
                  <strong>{orUnknown(formatDate(e.date))}</strong>
                  <span className="muted">Medic: {orUnknown(e.medic)}</span>
                  <span className="muted">Treatment: {orUnknown(e.treatment ?? e.TreatmentID)}</span>
                  {e.teeth.length > 0 ? (
                    <span className="muted">
                      {e.teeth.length > 1 ? 'Teeth' : 'Tooth'}: {e.teeth.map(toothLabel).join(', ')}
                    </span>
                  ) : null}
                </div>
                <p className={styles.text}>{e.observations}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="studies-title" className={styles.section}>
        <h3 id="studies-title">Studies</h3>
        {studies.state === 'loading' ? (
          <p className="muted" role="status">
            {MSG.loadingStudies}
          </p>
        ) : studies.state === 'error' ? (
          <LoadFailed resource={studies} />
        ) : studies.data.length === 0 ? (
          <p className="muted">{MSG.noStudiesYet}</p>
        ) : (
          <ul className="record-list">
            {studies.data.map((s) => (
              <li key={s.ID} className="record">
                <div className={styles.head}>
                  <strong className={styles.kind}>{orUnknown(s.studyType)}</strong>
                  <span>{orUnknown(s.description)}</span>
                </div>
                <StudyOpener study={s} missing={`File: ${MSG.unknown}`} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
