/**
 * A person's fields, once: its label, input type, the browser's autofill token, the keypad (the
 * contract takes digits only), where the API body holds it (`group`, infoUser unless said) and
 * whether it is required (every one is, unless `optional`). Every person form (sign-up, register and
 * update a patient, a patient's own data, a medic's own data, a medic's record) picks its fields from
 * here in its own order, with its SPEC words where they differ from these.
 */
export const PERSON_FIELDS = {
  name: { label: 'Name', type: 'text', autoComplete: 'given-name' },
  lastName: { label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  document: { label: 'Document', type: 'text', autoComplete: 'off', numeric: true },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  birth: { label: 'Birth', type: 'date', autoComplete: 'bday' },
  telephone: { label: 'Telephone', type: 'tel', autoComplete: 'tel' },
  cellphone: { label: 'Cellphone', type: 'tel', autoComplete: 'tel' },
  street: { label: 'Street', type: 'text', autoComplete: 'address-line1' },
  number: { label: 'Number', type: 'text', autoComplete: 'off', numeric: true },
  city: { label: 'City', type: 'text', autoComplete: 'address-level2' },
  postalCode: { label: 'Postal Code', type: 'text', autoComplete: 'postal-code', numeric: true },
  password: { label: 'Password', type: 'password', autoComplete: 'new-password' },
  confirmPassword: { label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
  medicalService: { group: 'infoPatient', label: 'Medical Service', type: 'text' },
  obraSocial: { group: 'infoPatient', label: 'Medical insurance', type: 'text', numeric: true },
  title: { group: 'infoMedic', label: 'Title', type: 'text' },
  specialization: { group: 'infoMedic', label: 'Specialization', type: 'text' },
  tuition_date: { group: 'infoMedic', label: 'Tuition Date', type: 'date' },
  tuition_number: { group: 'infoMedic', label: 'Tuition Number', type: 'text', numeric: true },
} as const satisfies Record<string, PersonFieldFacts>;

interface PersonFieldFacts {
  group?: 'infoPatient' | 'infoMedic';
  label: string;
  type: 'text' | 'email' | 'tel' | 'date' | 'password';
  autoComplete?: string;
  numeric?: true;
  optional?: true;
}

export type PersonKey = keyof typeof PERSON_FIELDS;

type GroupOf<K extends PersonKey> = K extends PersonKey
  ? (typeof PERSON_FIELDS)[K] extends { group: infer G extends string }
    ? G
    : 'infoUser'
  : never;

/** Where the form and the contract hold a field: 'infoUser.name', 'infoMedic.specialization'. */
export type PersonPath<K extends PersonKey> = K extends PersonKey ? `${GroupOf<K>}.${K}` : never;

/** Form values holding `K`, grouped as the API body holds them: `{ infoUser: { name: string } }`. */
export type PersonValues<K extends PersonKey> = {
  [G in GroupOf<K>]: { [P in K as GroupOf<P> extends G ? P : never]: string };
};

/** One field as a form draws it. */
export interface PersonField<K extends PersonKey = PersonKey> {
  key: K;
  path: PersonPath<K>;
  label: string;
  type: string;
  autoComplete: string | undefined;
  inputMode: 'numeric' | undefined;
  required: boolean;
}

/**
 * Whose data the form holds, for the browser's autofill: `own` (the person's own: the tokens),
 * `other` (someone else's, typed by a medic: autofill off, but a new password may be suggested),
 * `none` (no hint at all).
 */
export type Autofill = 'own' | 'other' | 'none';

function hintOf(facts: PersonFieldFacts, autofill: Autofill): string | undefined {
  if (autofill === 'own') return facts.autoComplete;
  if (autofill === 'other') return facts.autoComplete === 'new-password' ? facts.autoComplete : 'off';
  return undefined;
}

/**
 * A form's person fields in its order. `labels`: this screen's SPEC words where they differ from the
 * table's; `hints`: a field's autofill hint where it differs from what `autofill` gives (null: none).
 */
export function personFields<K extends PersonKey>(
  keys: readonly K[],
  options: {
    autofill?: Autofill;
    labels?: Partial<Record<K, string>>;
    hints?: Partial<Record<K, string | null>>;
  } = {},
): readonly PersonField<K>[] {
  const { autofill = 'own' } = options;
  const labels: Partial<Record<K, string>> = options.labels ?? {};
  const hints: Partial<Record<K, string | null>> = options.hints ?? {};
  return keys.map((key) => {
    const facts: PersonFieldFacts = PERSON_FIELDS[key];
    const hint: string | null | undefined = hints[key];
    return {
      key,
      path: `${facts.group ?? 'infoUser'}.${key}` as PersonPath<K>,
      label: labels[key] ?? facts.label,
      type: facts.type,
      autoComplete: hint === undefined ? hintOf(facts, autofill) : (hint ?? undefined),
      inputMode: facts.numeric ? 'numeric' : undefined,
      required: !facts.optional,
    };
  });
}

/** Empty values for `keys`, grouped as the API body holds them. */
export function emptyPersonValues<K extends PersonKey>(keys: readonly K[]): PersonValues<K> {
  const values: Record<string, Record<string, string>> = {};
  for (const key of keys) {
    const facts: PersonFieldFacts = PERSON_FIELDS[key];
    const group = facts.group ?? 'infoUser';
    values[group] = { ...values[group], [key]: '' };
  }
  return values as PersonValues<K>;
}
