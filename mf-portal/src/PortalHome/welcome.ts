import type { Identity } from '@clinic/kit';

/** Patients are welcomed by their full name, spaces as typed collapsed ('Welcome, Ana Van Houten'). */
export function patientWelcome(identity: Pick<Identity, 'name' | 'lastName'>): string {
  const person = `${identity.name} ${identity.lastName}`.trim().replace(/\s+/g, ' ');
  return person ? `Welcome, ${person}` : 'Welcome';
}
