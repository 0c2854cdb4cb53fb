import { $session, type Identity, type Resource, useResource } from '@clinic/kit';
import type { ClinicalHistory } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';

/** The signed-in patient's clinical history; null when none was filled in yet (the API's 404 'No hay Hc'). */
export function useMyHistory(): { me: Identity | null; history: Resource<ClinicalHistory | null> } {
  const me = useStore($session);
  const id = me?.patientID ?? null;
  const history = useResource<ClinicalHistory | null>(id ? `/clinicalhistories/search?id=${id}` : null, null);
  return { me, history };
}
