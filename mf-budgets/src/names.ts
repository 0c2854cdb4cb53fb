/**
 * A person's name as the budget screens show it: as it was written (no letter's case changed, so
 * "D'Arcy O-Neil" and "de la Cruz" stay as they are), only its spaces tidied.
 */
export const personName = (name: string): string => name.split(/\s+/).filter(Boolean).join(' ');
