import type { Evolution, EvolutionTooth, Surface } from '@clinic/worker/contract';

export type Dentition = 'permanent' | 'primary';

/** FDI layout as the dentist faces the patient: upper right→left over lower right→left. */
export const CHART_ROWS: Record<Dentition, readonly (readonly number[])[]> = {
  permanent: [
    [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28],
    [48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38],
  ],
  primary: [
    [55, 54, 53, 52, 51, 61, 62, 63, 64, 65],
    [85, 84, 83, 82, 81, 71, 72, 73, 74, 75],
  ],
};

export const dentitionOf = (id: number): Dentition => (id >= 50 ? 'primary' : 'permanent');

const QUADRANTS = ['upper right', 'upper left', 'lower left', 'lower right'];
const PERMANENT = [
  'central incisor',
  'lateral incisor',
  'canine',
  'first premolar',
  'second premolar',
  'first molar',
  'second molar',
  'third molar',
];
const PRIMARY = ['central incisor', 'lateral incisor', 'canine', 'first molar', 'second molar'];

/** A tooth's name from its FDI number: 36 → 'lower left first molar', 75 → 'primary lower left second molar'. */
export function toothName(id: number): string {
  const q = Math.floor(id / 10);
  const p = id % 10;
  const primary = q >= 5;
  const quadrant = QUADRANTS[(primary ? q - 5 : q - 1) % 4] ?? '';
  const kind = (primary ? PRIMARY : PERMANENT)[p - 1] ?? `tooth ${p}`;
  return `${primary ? 'primary ' : ''}${quadrant} ${kind}`;
}

export const SURFACE_NAMES: Record<Surface, string> = {
  M: 'mesial',
  O: 'occlusal',
  D: 'distal',
  B: 'buccal',
  L: 'lingual',
};

/** '36 (O, M)': a tooth of a note as people read it. */
export const toothLabel = (t: EvolutionTooth): string =>
  t.surfaces.length > 0 ? `${t.toothID} (${t.surfaces.join(', ')})` : String(t.toothID);

/** The kinds of work the chart colours, from a treatment's type; anything else is 'other'. */
export const WORK_KINDS = [
  { kind: 'filling', label: 'Filling', types: ['fillings'] },
  { kind: 'endodontics', label: 'Root canal', types: ['endodontics'] },
  { kind: 'extraction', label: 'Extraction / surgery', types: ['surgery'] },
  { kind: 'prosthetics', label: 'Crown / prosthetics', types: ['prosthetics'] },
  { kind: 'prevention', label: 'Prevention / periodontics', types: ['prevention', 'periodontics'] },
  { kind: 'other', label: 'Other work', types: [] as string[] },
] as const;
export type WorkKind = (typeof WORK_KINDS)[number]['kind'];

export const workKindOf = (treatmentType: string | null): WorkKind =>
  WORK_KINDS.find((k) => (k.types as readonly string[]).includes(treatmentType ?? ''))?.kind ?? 'other';

export interface ToothWork {
  /** The latest note on the tooth decides its colour. */
  kind: WorkKind;
  treatment: string | null;
  date: string;
  /** Surfaces of the latest note (shaded on the chart). */
  surfaces: Surface[];
  notes: Evolution[];
}

/** Every tooth with notes: its notes newest first, coloured by the latest. */
export function workByTooth(evolutions: readonly Evolution[]): Map<number, ToothWork> {
  const sorted = [...evolutions].sort((a, b) => (a.date === b.date ? b.ID - a.ID : a.date < b.date ? 1 : -1));
  const map = new Map<number, ToothWork>();
  for (const e of sorted) {
    for (const t of e.teeth) {
      const work = map.get(t.toothID);
      if (work) work.notes.push(e);
      else {
        map.set(t.toothID, {
          kind: workKindOf(e.treatmentType),
          treatment: e.treatment,
          date: e.date,
          surfaces: t.surfaces,
          notes: [e],
        });
      }
    }
  }
  return map;
}

/** Under 12 (from the birth date) the chart opens on the primary teeth. */
export function defaultDentition(age: number | null | undefined): Dentition {
  return age !== null && age !== undefined && age < 12 ? 'primary' : 'permanent';
}
