import { ApiError, answer, api, CodeField, Link, LoadFailed, notify, TextField, useQuery } from '@clinic/kit';
import { MSG, type PendingMedic } from '@clinic/worker/contract';
import { type ReactElement, useId, useState } from 'react';
import styles from './PendingMedics.module.css';

/** What went wrong, in words: a missing or wrong password says so, not just 'invalid'. */
const messageOf = (err: unknown): string => {
  if (!(err instanceof ApiError)) return MSG.somethingWentWrong;
  return err.errors?.currentPassword?.msg ?? err.errors?.code?.msg ?? err.msg;
};

/**
 * on Clinic info: medics who signed up and wait for a medic of the clinic, each with
 * an 'Approve' button (GET /api/medics/pending, PUT /api/medics/:id/approve).
 */
export function PendingMedics(): ReactElement {
  const headingId = useId();
  const [tick, setTick] = useState(0);
  const reload = (): void => setTick((t) => t + 1);
  const load = useQuery('medics:pending', () => answer(api.medics.pending.$get()), { tick });
  const [approved, setApproved] = useState<ReadonlySet<number>>(new Set());
  const [approving, setApproving] = useState<number | null>(null);
  // Approving hands out access to every patient: it takes the medic's own password (and code).
  const [proof, setProof] = useState({ currentPassword: '', code: '' });
  const medics = load.state === 'ready' ? load.data.filter((m) => !approved.has(m.medicID)) : [];

  async function approve(medic: PendingMedic): Promise<void> {
    setApproving(medic.medicID);
    try {
      const { msg } = await answer(
        api.medics[':id'].approve.$put({
          param: { id: String(medic.medicID) },
          json: { currentPassword: proof.currentPassword, ...(proof.code ? { code: proof.code } : {}) },
        }),
      );
      setApproved((old) => new Set(old).add(medic.medicID));
      await notify({ title: msg, icon: 'success' });
    } catch (err) {
      await notify({ title: MSG.errorTitle, text: messageOf(err), icon: 'error' });
      // Another medic may have approved them meanwhile: show the list as it is now.
      reload();
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
      {load.state === 'loading' ? (
        <p className={styles.note} role="status">
          {MSG.loadingPendingMedics}
        </p>
      ) : load.state === 'error' ? (
        <>
          <LoadFailed resource={load} />
          <button type="button" className="btn btn-secondary" onClick={reload}>
            Retry
          </button>
        </>
      ) : medics.length === 0 ? (
        <p className={styles.note}>{MSG.noPendingMedics}</p>
      ) : (
        <>
          <div className={styles.proof}>
            <TextField
              name="currentPassword"
              label="Your current password"
              type="password"
              autoComplete="current-password"
              hint="Approving a medic takes your own password."
              value={proof.currentPassword}
              onChange={(e) => setProof((p) => ({ ...p, currentPassword: e.target.value }))}
            />
            <CodeField
              value={proof.code}
              onChange={(e) => setProof((p) => ({ ...p, code: e.target.value }))}
            />
          </div>
          <div className="table-scroll">
            <table className="table table-stack">
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
                {medics.map((medic) => (
                  <tr key={medic.medicID}>
                    <td data-label="Name">
                      {medic.name} {medic.lastName}
                    </td>
                    <td data-label="Email">{medic.email}</td>
                    <td data-label="Document">{medic.document}</td>
                    <td data-label="Tuition Number">{medic.doctorTuitionNumber ?? ''}</td>
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
        </>
      )}
    </section>
  );
}
