/** How the access-log coverage test calls a GET route (as a medic unless `as`), or why it does not. */
export type AuditProbe =
  | { path: string | (() => string); as?: 'medic' | 'patient'; status?: number }
  | { none: string };

/** Probes by route (`METHOD path`). */
export type AuditProbes = Record<string, AuditProbe[]>;
