import { defineScreens } from '@clinic/kit/screens';

/**
 * This remote's screens: the shell routes, titles and lists them in the sidebar from this list
 * (published as screens.json), and ./routes is made from it. Adding a screen is one entry here.
 */
export default defineScreens('clinic', [
  {
    path: '/home/clinic-details',
    userType: 'Medic',
    title: 'Clinic info',
    sidebar: { label: 'Clinic info', place: 60 },
    load: () => import('./ClinicDetails/ClinicDetails').then((m) => m.ClinicDetails),
  },
  {
    path: '/home/clinic-details/initial-config',
    userType: 'Medic',
    title: 'Clinic initial config',
    load: () => import('./ClinicInitialConfig/ClinicInitialConfig').then((m) => m.ClinicInitialConfig),
  },
  {
    path: '/home/clinic-details/update-data',
    userType: 'Medic',
    title: 'Update Clinic Data',
    load: () => import('./ClinicUpdate/ClinicUpdate').then((m) => m.ClinicUpdate),
  },
  {
    path: '/home/updateMedic',
    userType: 'Medic',
    title: 'Update My Info',
    sidebar: { label: 'Update My Info', place: 70 },
    load: () => import('./UpdateMedic/UpdateMedic').then((m) => m.UpdateMedic),
  },
  {
    path: '/home/infoTreatments',
    userType: 'Medic',
    title: 'Treatments Info',
    sidebar: { label: 'Treatments Info', place: 80 },
    load: () => import('./TreatmentsInfo/TreatmentsInfo').then((m) => m.TreatmentsInfo),
  },
  {
    path: '/home/reports',
    userType: 'Medic',
    title: 'Reports',
    sidebar: { label: 'Reports', place: 85 },
    load: () => import('./Reports/Reports').then((m) => m.Reports),
  },
  {
    path: '/home/changePassword',
    userType: 'Medic',
    title: 'Change password',
    load: () => import('./ChangePassword/ChangePassword').then((m) => m.ChangePassword),
  },
  {
    path: '/home/doctor',
    userType: 'Medic',
    title: 'Medical record',
    load: () => import('./MedicRecord/MedicRecord').then((m) => m.MedicRecord),
  },
]);
