import type { Identity } from '@clinic/kit';

/** Medics are welcomed with their title and initial plus last name ('Welcome, Dr. J. Smith'). */
export function medicWelcome(identity: Pick<Identity, 'name' | 'lastName' | 'doctorTitle'>): string {
  const initial = identity.name.trim().charAt(0).toUpperCase();
  const title = identity.doctorTitle?.trim();
  const person = [title, initial ? `${initial}.` : '', identity.lastName].filter(Boolean).join(' ');
  return `Welcome, ${person}`;
}
