import { $session, answerOne, api, type Resource, useQuery } from '@clinic/kit';
import type { PatientDetails } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';

/** The signed-in patient's own record (GET /patients?email=), read again when the email changes. */
export function useMyRecord(): Resource<PatientDetails> {
  const email = useStore($session)?.email;
  return useQuery(email ? `my-record:${email}` : null, () =>
    answerOne(api.patients.$get({ query: { email, offset: '0', limit: '1' } })),
  );
}
