import { defineScreens } from '@clinic/kit/screens';

/**
 * This remote's screens: the shell routes, titles and lists them in the sidebar from this list
 * (published as screens.json), and ./routes is made from it. Adding a screen is one entry here.
 * Sidebar places are shared with the other medic remotes: Home 10, Calendar 20, Register Patient 30,
 * Budgets 40, Add Budget 50, Clinic info 60, Update My Info 70, Treatments Info 80.
 */
export default defineScreens('patients', [
  {
    path: '/home',
    userType: 'Medic',
    title: 'Home',
    sidebar: { label: 'Home', place: 10 },
    // The area's entry screen ships with the remote (no extra chunk on first load).
    load: () => import(/* webpackMode: "eager" */ './HomeSearch/HomeSearch').then((m) => m.HomeSearch),
  },
  {
    path: '/home/register',
    userType: 'Medic',
    title: 'Register Patient',
    sidebar: { label: 'Register Patient', place: 30 },
    load: () => import('./RegisterPatient/RegisterPatient').then((m) => m.RegisterPatient),
  },
  {
    path: '/home/addEvolution/:patientID',
    userType: 'Medic',
    title: 'Add Evolution',
    load: () => import('./AddEvolution/AddEvolution').then((m) => m.AddEvolution),
  },
  {
    path: '/home/studies/:patientID',
    userType: 'Medic',
    title: 'Add Studies',
    load: () => import('./AddStudy/AddStudy').then((m) => m.AddStudy),
  },
  {
    path: '/home/updatePatient/:patientID',
    userType: 'Medic',
    title: 'Update Patient Info',
    load: () => import('./UpdatePatient/UpdatePatient').then((m) => m.UpdatePatient),
  },
  {
    path: '/home/create-clinical-history',
    userType: 'Medic',
    title: 'Create clinical history',
    load: () => import('./CreateClinicalHistory/CreateClinicalHistory').then((m) => m.CreateClinicalHistory),
  },
  {
    path: '/home/:patientID',
    userType: 'Medic',
    title: 'Patient details',
    load: () => import('./PatientPage/PatientPage').then((m) => m.PatientPage),
  },
]);
