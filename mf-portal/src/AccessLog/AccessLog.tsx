import { AccessLog as AccessLogTable, answer, api, Link, LoadFailed, Page, useQuery } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import type { ReactElement } from 'react';

/**
 * /home/accessLog: who opened or changed the patient's own record and when. The server answers
 * only this patient's rows, names medics, and never says which other person tried.
 */
export function AccessLog(): ReactElement {
  const me = useQuery('me', () => answer(api.me.$get()));
  return (
    <Page
      title={MSG.accessLog}
      width="narrow"
      actions={
        <Link className="btn btn-secondary" to="/home/PatientCH">
          Clinic history
        </Link>
      }
    >
      <div className="card">
        <p>Everyone who opened or changed your record, newest first.</p>
        {me.state === 'loading' ? (
          <p className="muted" role="status">
            {MSG.loadingAccessLog}
          </p>
        ) : me.state === 'error' ? (
          <LoadFailed resource={me} />
        ) : me.data.patientID === null ? (
          <p role="alert">{MSG.notFound}</p>
        ) : (
          <AccessLogTable patientId={me.data.patientID} caption={MSG.accessLog} />
        )}
      </div>
    </Page>
  );
}
