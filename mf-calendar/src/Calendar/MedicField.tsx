import { $session, answer, api, type Resource, SelectField, useQuery } from '@clinic/kit';
import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import type { MedicColumn } from './TimeGridView';

/** The clinic's approved medics, as the day view's columns, the medic filter and the Medic fields name them. */
async function approvedMedics(): Promise<MedicColumn[]> {
  const medics = await answer(api.medics.$get({ query: {} }));
  return (Array.isArray(medics) ? medics : [medics])
    .filter((m) => m.approved)
    .map((m) => ({ id: m.ID, title: `${m.doctorTitle} ${m.name} ${m.lastName}`.trim() }));
}

/** The clinic's approved medics (one read shared by every screen of the area) and the signed-in medic's ID. */
export function useClinicMedics(): { medicsLoad: Resource<MedicColumn[]>; me: number | null } {
  const medicsLoad = useQuery('calendar:medics', approvedMedics);
  const me = useStore($session)?.medicID ?? null;
  return { medicsLoad, me };
}

/** The Medic field: the clinic's approved medics, the signed-in one marked '(you)'. */
export function MedicField(props: {
  medics: readonly MedicColumn[];
  me: number | null;
  value: number | null;
  onChange: (id: number | null) => void;
  error: string | undefined;
  name?: string;
}): ReactElement | null {
  if (props.medics.length === 0) return null;
  return (
    <SelectField
      name={props.name ?? 'MedicID'}
      label="Medic"
      value={props.value === null ? '' : String(props.value)}
      onChange={(e) => props.onChange(Number(e.target.value) || null)}
      options={props.medics.map((m) => ({
        value: String(m.id),
        label: m.id === props.me ? `${m.title} (you)` : m.title,
      }))}
      error={props.error}
    />
  );
}
