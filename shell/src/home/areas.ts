import type { RemoteName } from '@clinic/kit/mf';

/** One sidebar entry: `to` is relative to /home except the absolute ones ('/home', '/'). */
export interface SidebarItem {
  label: string;
  to: string;
  /** Sign out is an action, not a page. */
  action?: 'signOut';
}

/**
 * Everything the shell needs to know about one user type's /home area: which remote owns a path
 * (by its first segment, falling back to `fallback`), the sidebar, and the header titles.
 */
export interface HomeArea {
  fallback: RemoteName;
  owners: Readonly<Record<string, RemoteName>>;
  sidebar: readonly SidebarItem[];
  /** Header title by path below /home ('' is /home); longest matching prefix wins. */
  titles: Readonly<Record<string, string>>;
  /** Title for paths the table does not name (e.g. /home/{patientID}). */
  fallbackTitle: string;
}

/** Medic (any user type other than Patient), DESIGN §1 / SPEC §2. */
export const MEDIC_AREA: HomeArea = {
  fallback: 'patients', // '' (index) and ':patientID'
  owners: {
    register: 'patients',
    addEvolution: 'patients',
    studies: 'patients',
    updatePatient: 'patients',
    'create-clinical-history': 'patients',
    calendar: 'calendar',
    budget: 'budgets',
    addBudget: 'budgets',
    updateBudget: 'budgets',
    payments: 'budgets',
    'clinic-details': 'clinic',
    infoTreatments: 'clinic',
    updateMedic: 'clinic',
    changePassword: 'clinic',
    doctor: 'clinic',
  },
  sidebar: [
    { label: 'Home', to: '/home' },
    { label: 'Calendar', to: 'calendar' },
    { label: 'Register Patient', to: 'register' },
    { label: 'Budgets', to: 'budget' },
    { label: 'Add Budget', to: 'addBudget' },
    { label: 'Clinic info', to: 'clinic-details' },
    { label: 'Update My Info', to: 'updateMedic' },
    { label: 'Treatments Info', to: 'infoTreatments' },
    { label: 'Sign out', to: '/', action: 'signOut' },
  ],
  titles: {
    '': 'Home',
    calendar: 'Calendar',
    register: 'Register Patient',
    budget: 'Budgets',
    addBudget: 'Add Budget',
    updateBudget: 'Budget summary',
    payments: 'Payments',
    'clinic-details': 'Clinic info',
    'clinic-details/initial-config': 'Clinic initial config',
    'clinic-details/update-data': 'Update Clinic Data',
    updateMedic: 'Update My Info',
    infoTreatments: 'Treatments Info',
    changePassword: 'Change password',
    doctor: 'Medical record',
    addEvolution: 'Add Evolution',
    studies: 'Add Studies',
    updatePatient: 'Update Patient Info',
    'create-clinical-history': 'Create clinical history',
  },
  fallbackTitle: 'Patient details',
};

/** Patient, SPEC §2. */
export const PATIENT_AREA: HomeArea = {
  fallback: 'portal',
  owners: {},
  sidebar: [
    { label: 'Home', to: '/home' },
    { label: 'My data', to: 'data' },
    { label: 'Update my data', to: 'dataUpdate' },
    { label: 'medical appointment request', to: 'appointment' },
    { label: 'Clinic history', to: 'PatientCH' },
    { label: 'Sign out', to: '/', action: 'signOut' },
  ],
  titles: {
    '': 'Home',
    data: 'My data',
    dataUpdate: 'Update my data',
    appointment: 'medical appointment request',
    payments: 'Payments',
    PatientCH: 'Clinic history',
    'PatientCH/PatientCHPdf': 'Clinic history',
    evolutionsNStudies: 'Evolutions and studies',
    'create-clinical-history': 'Create clinical history',
    updatePassword: 'Update password',
    // The portal's access log (who opened or changed the patient's record), linked from Clinic history.
    accessLog: 'Access log',
  },
  fallbackTitle: 'Home',
};

/** SPEC §6: the route set is chosen by user type; anything but 'Patient' is a medic. */
export function areaFor(userType: string): HomeArea {
  return userType === 'Patient' ? PATIENT_AREA : MEDIC_AREA;
}

/** '/home/clinic-details/update-data/' → ['clinic-details', 'update-data']. */
export function homeSegments(pathname: string): string[] {
  return pathname
    .replace(/^\/home\/?/i, '')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => decodeURIComponent(s));
}

/** The remote that owns a /home path. */
export function remoteFor(area: HomeArea, pathname: string): RemoteName {
  const first = homeSegments(pathname)[0];
  return (first !== undefined ? area.owners[first] : undefined) ?? area.fallback;
}

/** Header title for a /home path: the most specific entry of the area's title table. */
export function titleFor(area: HomeArea, pathname: string): string {
  const segments = homeSegments(pathname);
  for (let n = segments.length; n >= 0; n--) {
    const title = area.titles[segments.slice(0, n).join('/')];
    if (title !== undefined && (n > 0 || segments.length === 0)) return title;
  }
  return area.fallbackTitle;
}
