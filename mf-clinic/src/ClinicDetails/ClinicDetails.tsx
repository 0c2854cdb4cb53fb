import {
  DetailList,
  hoursToMinutes,
  INITIAL_CONFIG_PATH,
  Link,
  Loaded,
  Navigate,
  Page,
  useClinic,
} from '@clinic/kit';
import { type Clinic, daySummary, officeHoursOf, WEEKDAYS } from '@clinic/worker/contract';
import type { ReactElement } from 'react';
import { PendingMedics } from '../PendingMedics/PendingMedics';
import styles from './ClinicDetails.module.css';

/**
 * /home/clinic-details: the clinic's data, an 'Update Clinic Data' button, and the medics waiting
 * for approval.
 */
export function ClinicDetails(): ReactElement {
  const clinic = useClinic({ fresh: true });
  if (clinic.state === 'missing') return <Navigate to={INITIAL_CONFIG_PATH} replace />;
  return (
    <Loaded resource={clinic} title="Clinic info">
      {(data) => <ClinicInfo clinic={data} />}
    </Loaded>
  );
}

function ClinicInfo({ clinic }: { clinic: Clinic }): ReactElement {
  const hours = officeHoursOf(clinic);
  const rows: [string, string][] = [
    ['Clinic name', clinic.name],
    ['Street', clinic.street],
    ['City', clinic.city],
    ['Street number', clinic.number],
    ['Telephone', clinic.telephone],
    ['Email', clinic.email],
    ['Standard turn duration', `${hoursToMinutes(clinic.turnStandardDuration)} minutes`],
    ['Time zone', clinic.timeZone],
  ];

  return (
    <Page
      title="Clinic info"
      actions={
        <Link className="btn btn-primary" to="/home/clinic-details/update-data">
          Update Clinic Data
        </Link>
      }
    >
      <div className={styles.layout}>
        <div className="card">
          {clinic.imgLogo ? (
            <img className={styles.logo} src={clinic.imgLogo} alt={`${clinic.name} logo`} />
          ) : null}
          <DetailList rows={rows} />
        </div>
        <div className="card">
          <h3 className={styles.heading}>Working hours</h3>
          <DetailList rows={WEEKDAYS.map((day, i) => [day, daySummary(hours[i])] as const)} />
        </div>
      </div>
      <div className={styles.pending}>
        <PendingMedics />
      </div>
    </Page>
  );
}
