import { ApiError, Link, notify, request } from '@clinic/kit';
import { MSG, type PendingMedic } from '@clinic/worker/contract';
import { type ReactElement, useCallback, useEffect, useId, useState } from 'react';
import styles from './PendingMedics.module.css';

type List = { state: 'loading' } | { state: 'ready'; medics: readonly PendingMedic[] } | { state: 'error' };

const messageOf = (err: unknown): string => (err instanceof ApiError ? err.msg : MSG.somethingWentWrong);

/**
 * on Clinic info: medics who signed up and wait for a medic of the clinic, each with
 * an 'Approve' button (GET /api/medics/pending, PUT /api/medics/:id/approve).
 */
export function PendingMedics(): ReactElement {
  const headingId = useId();
  const [list, setList] = useState<List>({ state: 'loading' });
  const [approving, setApproving] = useState<number | null>(null);

  const load = useCallback(async (): Promise<void> => {
    try {
      setList({ state: 'ready', medics: await request<PendingMedic[]>('GET', '/medics/pending') });
    } catch (err) {
      setList({ state: 'error' });
      await notify({ title: MSG.errorTitle, text: messageOf(err), icon: 'error' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function approve(medic: PendingMedic): Promise<void> {
    setApproving(medic.medicID);
    try {
      const answer = await request<{ msg: string }>('PUT', `/medics/${medic.medicID}/approve`);
      setList((old) =>
        old.state === 'ready'
          ? { state: 'ready', medics: old.medics.filter((m) => m.medicID !== medic.medicID) }
          : old,
      );
      await notify({ title: answer.msg, icon: 'success' });
    } catch (err) {
      await notify({ title: MSG.errorTitle, text: messageOf(err), icon: 'error' });
      // Another medic may have approved them meanwhile: show the list as it is now.
      await load();
    } finally {
      setApproving(null);
    }
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className={styles.head}>
        <h3 id={headingId} className={styles.heading}>
          {MSG.pendingMedicsTitle}
        </h3>
        <Link className="btn btn-secondary" to="/home/doctor">
          Register a medic
        </Link>
      </div>
      {list.state === 'loading' ? (
        <p className={styles.note} role="status">
          {MSG.loadingPendingMedics}
        </p>
      ) : list.state === 'error' ? (
        <button type="button" className="btn btn-secondary" onClick={() => void load()}>
          Retry
        </button>
      ) : list.medics.length === 0 ? (
        <p className={styles.note}>{MSG.noPendingMedics}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Document</th>
                <th scope="col">Tuition Number</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.medics.map((medic) => (
                <tr key={medic.medicID}>
                  <td>
                    {medic.name} {medic.lastName}
                  </td>
                  <td>{medic.email}</td>
                  <td>{medic.document}</td>
                  <td>{medic.doctorTuitionNumber ?? ''}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={approving !== null}
                      aria-label={`Approve ${medic.name} ${medic.lastName}`}
                      onClick={() => void approve(medic)}
                    >
                      Approve
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
