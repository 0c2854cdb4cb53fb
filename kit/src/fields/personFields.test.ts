import { expect, test } from 'vitest';
import { emptyPersonValues, personFields } from './personFields';

test("a form's fields come in its order, at their paths, with its words where it says them", () => {
  const fields = personFields(['lastName', 'name', 'specialization'], { labels: { name: 'First Name' } });
  expect(fields.map(({ path, label }) => [path, label])).toEqual([
    ['infoUser.lastName', 'Last Name'],
    ['infoUser.name', 'First Name'],
    ['infoMedic.specialization', 'Specialization'],
  ]);
  expect(fields.every(({ required }) => required)).toBe(true);
});

test("a person's own data gets the autofill tokens, someone else's none or 'off' (a new password still offered)", () => {
  const hints = (autofill: 'own' | 'other' | 'none') =>
    personFields(['name', 'document', 'password'], { autofill }).map(({ autoComplete }) => autoComplete);
  expect(hints('own')).toEqual(['given-name', 'off', 'new-password']);
  expect(hints('other')).toEqual(['off', 'off', 'new-password']);
  expect(hints('none')).toEqual([undefined, undefined, undefined]);
  expect(personFields(['document'], { hints: { document: null } })[0]?.autoComplete).toBeUndefined();
});

test('fields the contract takes as digits open the numeric keypad', () => {
  const modes = personFields(['document', 'postalCode', 'tuition_number', 'name']).map((f) => f.inputMode);
  expect(modes).toEqual(['numeric', 'numeric', 'numeric', undefined]);
});

test('empty values are grouped as the API body holds them', () => {
  expect(emptyPersonValues(['name', 'obraSocial', 'email'])).toEqual({
    infoUser: { name: '', email: '' },
    infoPatient: { obraSocial: '' },
  });
});
