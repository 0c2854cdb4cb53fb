import {
  $clinic,
  $clinicError,
  $clinicStatus,
  DetailList,
  Link,
  loadClinic,
  Navigate,
  Page,
  Spinner,
} from '@clinic/kit';
import { daySummary, officeHoursOf, WEEKDAYS } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import { PendingMedics } from '../PendingMedics/PendingMedics';
import styles from './ClinicDetails.module.css';

/**
 * /home/clinic-details: the clinic's data, an 'Update Clinic Data' button, and the medics waiting
 * for approval.
 */
export function ClinicDetails(): ReactElement {
  const status = useStore($clinicStatus);
  const clinic = useStore($clinic);
  const loadError = useStore($clinicError);

  useEffect(() => {
    loadClinic(true).catch(() => {
      // Shown below from $clinicError.
    });
  }, []);

  if (status === 'missing') return <Navigate to="/home/clinic-details/initial-config" replace />;
  if (status === 'error' && !clinic) {
    return (
      <Page title="Clinic info">
        <p role="alert">{loadError}</p>
      </Page>
    );
  }
  if (!clinic) return <Spinner />;

  const hours = officeHoursOf(clinic);
  const rows: [string, string][] = [
    ['Clinic name', clinic.name],
    ['Street', clinic.street],
    ['City', clinic.city],
    ['Street number', clinic.number],
    ['Telephone', clinic.telephone],
    ['Email', clinic.email],
    ['Standard turn duration', `${Math.round(clinic.turnStandardDuration * 60)} minutes`],
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
