import { $session, DetailList, formatDate, Link, Page, Spinner, useResource } from '@clinic/kit';
import { MSG, type PatientDetails } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';

const orDash = (value: string | null | undefined): string => (value ? value : '—');

/** /home/data: the signed-in patient's own data, with a way to update it. */
export function MyData(): ReactElement {
  const email = useStore($session)?.email;
  const load = useResource<PatientDetails>(email ? `/patients?email=${encodeURIComponent(email)}` : null);
  const update = (
    <Link className="btn btn-primary" to="/home/dataUpdate">
      Update my data
    </Link>
  );

  if (load.state === 'error') {
    return (
      <Page title="My data" width="narrow">
        <p role="alert">{load.msg}</p>
      </Page>
    );
  }
  if (load.state === 'loading') return <Spinner label={MSG.loadingMyData} showLabel />;
  const me = load.data;
  return (
    <Page title="My data" width="narrow" actions={update}>
      <div className="card">
        <DetailList
          rows={[
            ['First Name', me.name],
            ['Last Name', me.lastName],
            ['Document', me.document],
            ['Email', me.email],
            ['Birth', me.birth ? formatDate(me.birth) : '—'],
            ['Age', me.age === null ? '—' : String(me.age)],
            ['Telephone', orDash(me.telephone)],
            ['Cellphone', orDash(me.cellphone)],
            ['Street', orDash(me.street)],
            ['Number', orDash(me.number)],
            ['City', orDash(me.city)],
            ['Postal Code', orDash(me.postalCode)],
            ['Medical Service', orDash(me.medicalService)],
          ]}
        />
      </div>
    </Page>
  );
}
