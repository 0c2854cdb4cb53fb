import type { Clinic } from '@clinic/worker/contract';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Resource } from '../useQuery';
import { $clinic, $clinicError, $clinicStatus, type ClinicStatus, loadClinic } from './clinic';

/** The clinic a screen works with: loading, 'missing' (none set up yet), the load's error, or it. */
export type ClinicLoad = Resource<Clinic> | { state: 'missing' };

/**
 * What a screen may show from the store: with `fresh`, nothing until its own read has answered and
 * no older copy when that read failed; otherwise any clinic already loaded.
 */
export function clinicLoadOf(
  store: { clinic: Clinic | null; status: ClinicStatus; error: string | null },
  read: { fresh: boolean; answered: boolean },
): ClinicLoad {
  const { clinic, status, error } = store;
  if (read.fresh && !read.answered) return { state: 'loading' };
  if (status === 'missing') return { state: 'missing' };
  if (clinic && !(read.fresh && status === 'error')) return { state: 'ready', data: clinic };
  if (status === 'error') return { state: 'error', msg: error ?? '' };
  return { state: 'loading' };
}

/**
 * The clinic screens' preamble, once: reads the shared clinic on arrival and says what to show.
 * With `fresh` (screens that show or edit the clinic's data) it is read again and the clinic is
 * ready only once that read has answered, so a form is never prefilled with an older copy.
 */
export function useClinic({ fresh = false }: { fresh?: boolean } = {}): ClinicLoad {
  const clinic = useStore($clinic);
  const status = useStore($clinicStatus);
  const error = useStore($clinicError);
  const [answered, setAnswered] = useState(false);
  // Retry reads it again (a failed read, a blip): the screen's load error offers it.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadClinic(fresh || attempt > 0)
      .catch(() => {
        // The store's status and error say it; the screen shows them.
      })
      .finally(() => live && setAnswered(true));
    return () => {
      live = false;
    };
  }, [fresh, attempt]);
  const load = clinicLoadOf({ clinic, status, error }, { fresh, answered });
  if (load.state !== 'error') return load;
  return {
    ...load,
    retry: () => {
      setAnswered(false);
      setAttempt((n) => n + 1);
    },
  };
}
