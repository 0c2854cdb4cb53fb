import { answer, api, type Resource, useQuery } from '@clinic/kit';
import type { PatientDetails } from '@clinic/worker/contract';
import { useMyRecord } from './useMyRecord';

/** The signed-in patient's dependants (a guardian's children, say): empty for most patients. */
export function useDependants(): Resource<PatientDetails[]> {
  const me = useMyRecord();
  const id = me.state === 'ready' ? String(me.data.ID) : null;
  return useQuery(id ? `dependants:${id}` : null, () =>
    answer(api.patients[':id'].dependants.$get({ param: { id: id ?? '' } })),
  );
}
