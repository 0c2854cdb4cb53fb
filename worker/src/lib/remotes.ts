import type { Bindings } from '../env';

export const REMOTES = ['patients', 'calendar', 'budgets', 'clinic', 'portal'] as const;
export type RemoteName = (typeof REMOTES)[number];

const VARIABLE: Record<RemoteName, keyof Bindings> = {
  patients: 'REMOTE_PATIENTS_URL',
  calendar: 'REMOTE_CALENDAR_URL',
  budgets: 'REMOTE_BUDGETS_URL',
  clinic: 'REMOTE_CLINIC_URL',
  portal: 'REMOTE_PORTAL_URL',
};

/** The remote registry: each remote's manifest URL, from worker variables or the copies served here. */
export function remotesJson(env: Bindings, origin: string): Record<RemoteName, string> {
  const entries = REMOTES.map((name) => {
    const configured = env[VARIABLE[name]];
    const url =
      typeof configured === 'string' && configured ? configured : `${origin}/mf/${name}/mf-manifest.json`;
    return [name, url] as const;
  });
  return Object.fromEntries(entries) as Record<RemoteName, string>;
}
