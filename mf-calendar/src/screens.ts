import { defineScreens } from '@clinic/kit/screens';

/**
 * This remote's screens: the shell routes, titles and lists them in the sidebar from this list
 * (published as screens.json), and ./routes is made from it. Adding a screen is one entry here.
 */
export default defineScreens('calendar', [
  {
    path: '/home/calendar',
    userType: 'Medic',
    title: 'Calendar',
    sidebar: { label: 'Calendar', place: 20 },
    // The area's entry screen ships with the remote (no extra chunk on first load).
    load: () => import(/* webpackMode: "eager" */ './Calendar/Calendar').then((m) => m.Calendar),
  },
  {
    // Who waits for an earlier turn, the offers each was sent; add a patient, offer a start by hand.
    path: '/home/waitlistDesk',
    userType: 'Medic',
    title: 'Waitlist',
    sidebar: { label: 'Waitlist', place: 90 },
    load: () => import('./Waitlist/Waitlist').then((m) => m.Waitlist),
  },
  {
    // Patients a check-up brings back: due this month, overdue, contacted, booked.
    path: '/home/recalls',
    userType: 'Medic',
    title: 'Recalls',
    sidebar: { label: 'Recalls', place: 91 },
    load: () => import('./Recalls/Recalls').then((m) => m.Recalls),
  },
]);
