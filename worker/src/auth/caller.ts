import type { SessionUser } from '../env';

/** Who is calling, as the session says: nobody, a patient or a medic. */
type Caller = SessionUser | null | undefined;

export const isPatient = (user: Caller): boolean => user?.userType === 'Patient';

/** A medic the clinic approved; one who signed up and waits for approval is not one yet. */
export const isApprovedMedic = (user: Caller): boolean => user?.userType === 'Medic' && user.approved;

/** A patient's own patient record ID; null for any other caller (a medic reads every record). */
export const ownPatientId = (user: Caller): number | null =>
  isPatient(user) ? (user?.patientId ?? -1) : null;

/** Whether the caller is the patient whose record `patientId` is. */
export const isPatientSelf = (user: Caller, patientId: number): boolean =>
  isPatient(user) && user?.patientId === patientId;

/** Whether the caller is the medic `medicId` (a medic edits only their own profile). */
export const isMedicSelf = (user: Caller, medicId: number): boolean =>
  user?.userType === 'Medic' && user.medicId === medicId;
