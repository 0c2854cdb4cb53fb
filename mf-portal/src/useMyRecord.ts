import { $session, type Resource, useResource } from '@clinic/kit';
import type { PatientDetails } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';

/** The signed-in patient's own record (GET /patients?email=), read again when the email changes. */
export function useMyRecord(): Resource<PatientDetails> {
  const email = useStore($session)?.email;
  return useResource<PatientDetails>(email ? `/patients?email=${encodeURIComponent(email)}` : null);
}
