import { AccountSecurity, DetailList, formatDate, Link, Loaded, Page } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import { useMyRecord } from '../useMyRecord';
import { RemindersSwitch } from './RemindersSwitch';

const orDash = (value: string | null | undefined): string => (value ? value : '—');

/** /home/data: the signed-in patient's own data, with a way to update it. */
export function MyData(): ReactElement {
  const record = useMyRecord();
  const update = (
    <Link className="btn btn-primary" to="/home/dataUpdate">
      Update my data
    </Link>
  );

  return (
    <Loaded resource={record} title="My data" width="narrow" loadingLabel={MSG.loadingMyData}>
      {(me) => (
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
          <section className="card" aria-labelledby="reminders-title">
            <h3 id="reminders-title">Reminders</h3>
            <RemindersSwitch />
          </section>
          <AccountSecurity />
        </Page>
      )}
    </Loaded>
  );
}
