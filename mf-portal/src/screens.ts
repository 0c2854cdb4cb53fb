import { defineScreens } from '@clinic/kit/screens';

/**
 * This remote's screens: the shell routes, titles and lists them in the sidebar from this list
 * (published as screens.json), and ./routes is made from it. Adding a screen is one entry here.
 */
export default defineScreens('portal', [
  {
    path: '/home',
    userType: 'Patient',
    title: 'Home',
    sidebar: { label: 'Home', place: 10 },
    // The area's entry screen ships with the remote (no extra chunk on first load).
    load: () => import(/* webpackMode: "eager" */ './PortalHome/PortalHome').then((m) => m.PortalHome),
  },
  {
    path: '/home/data',
    userType: 'Patient',
    title: 'My data',
    sidebar: { label: 'My data', place: 20 },
    load: () => import('./MyData/MyData').then((m) => m.MyData),
  },
  {
    path: '/home/dataUpdate',
    userType: 'Patient',
    title: 'Update my data',
    sidebar: { label: 'Update my data', place: 30 },
    load: () => import('./UpdateMyData/UpdateMyData').then((m) => m.UpdateMyData),
  },
  {
    path: '/home/appointment',
    userType: 'Patient',
    title: 'medical appointment request',
    sidebar: { label: 'medical appointment request', place: 40 },
    load: () => import('./AppointmentRequest/AppointmentRequest').then((m) => m.AppointmentRequest),
  },
  {
    // The patient's waitlist entries (join, leave) and their recall due date.
    path: '/home/waitlist',
    userType: 'Patient',
    title: 'Waitlist',
    sidebar: { label: 'Waitlist', place: 60 },
    load: () => import('./Waitlist/MyWaitlist').then((m) => m.MyWaitlist),
  },
  {
    path: '/home/payments',
    userType: 'Patient',
    title: 'Payments',
    headerButton: 'Payments',
    load: () => import('./Payments/Payments').then((m) => m.Payments),
  },
  {
    path: '/home/PatientCH',
    userType: 'Patient',
    title: 'Clinic history',
    sidebar: { label: 'Clinic history', place: 50 },
    load: () => import('./ClinicHistory/ClinicHistory').then((m) => m.ClinicHistory),
  },
  {
    path: '/home/PatientCH/PatientCHPdf',
    userType: 'Patient',
    title: 'Clinic history PDF',
    load: () => import('./ClinicHistoryPdf/ClinicHistoryPdf').then((m) => m.ClinicHistoryPdf),
  },
  {
    path: '/home/evolutionsNStudies',
    userType: 'Patient',
    title: 'Evolutions and studies',
    load: () => import('./EvolutionsAndStudies/EvolutionsAndStudies').then((m) => m.EvolutionsAndStudies),
  },
  {
    path: '/home/create-clinical-history',
    userType: 'Patient',
    title: 'Create clinical history',
    load: () => import('./CreateClinicalHistory/CreateClinicalHistory').then((m) => m.CreateClinicalHistory),
  },
  {
    path: '/home/updatePassword',
    userType: 'Patient',
    title: 'Update password',
    load: () => import('./UpdatePassword/UpdatePassword').then((m) => m.UpdatePassword),
  },
  {
    // Who opened or changed the patient's record, linked from Clinic history.
    path: '/home/accessLog',
    userType: 'Patient',
    title: 'Access log',
    load: () => import('./AccessLog/AccessLog').then((m) => m.AccessLog),
  },
]);
