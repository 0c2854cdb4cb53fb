import type { Clinic } from '@clinic/worker/contract';
import { atom } from 'nanostores';
import { ApiError, answer, api } from '../api';
import { setDateOrder } from '../format';

/**
 * 'missing' means the API answered that no clinic was added yet: medics are sent to the initial
 * config (Clinic).
 */
export type ClinicStatus = 'idle' | 'loading' | 'loaded' | 'missing' | 'error';

/** The clinic (name, logo, office hours, standard turn duration, time zone) for every screen. */
export const $clinic = atom<Clinic | null>(null);
// Every screen writes dates in the clinic's order once the clinic is read.
$clinic.subscribe((clinic) => setDateOrder(clinic?.dateOrder));
export const $clinicStatus = atom<ClinicStatus>('idle');
/** The server's message when the last load failed. */
export const $clinicError = atom<string | null>(null);

let pending: Promise<Clinic | null> | null = null;

/**
 * GET /api/Clinics once and share it; `force` reloads. Resolves null when no clinic exists yet;
 * throws ApiError for other failures.
 */
export function loadClinic(force = false): Promise<Clinic | null> {
  if (!force && $clinicStatus.get() === 'loaded') return Promise.resolve($clinic.get());
  if (pending) return pending;
  $clinicStatus.set('loading');
  pending = answer(api.Clinics.$get())
    .then((clinic) => {
      setClinic(clinic);
      return clinic;
    })
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) {
        $clinic.set(null);
        $clinicStatus.set('missing');
        $clinicError.set(err.msg);
        return null;
      }
      $clinicStatus.set('error');
      $clinicError.set(err instanceof ApiError ? err.msg : String(err));
      throw err;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Stores the clinic a create or update answered (response data becomes the stored clinic). */
export function setClinic(clinic: Clinic): void {
  $clinic.set(clinic);
  $clinicStatus.set('loaded');
  $clinicError.set(null);
}
