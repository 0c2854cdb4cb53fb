import { $session, answer, api, type Identity, type Resource, useQuery } from '@clinic/kit';
import type { ClinicalHistory } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';

/** The signed-in patient's clinical history; null when none was filled in yet (the API's 404 'No hay Hc'). */
export function useMyHistory(tick = 0): { me: Identity | null; history: Resource<ClinicalHistory | null> } {
  const me = useStore($session);
  const id = me?.patientID ?? null;
  const history = useQuery<ClinicalHistory | null>(
    id ? `clinical-history:${id}` : null,
    () => answer(api.clinicalhistories.search.$get({ query: { id: String(id) } })),
    { notFound: null, tick },
  );
  return { me, history };
}
