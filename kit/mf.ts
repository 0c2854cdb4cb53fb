/**
 * Module Federation settings every front end shares (imported by the build configs only).
 * The kit is shared, never exposed: importing it both ways would create two session stores.
 *
 * The router is a singleton THROUGH the kit: remotes import Routes/Route/Link/useParams… from
 * '@clinic/kit', which re-exports them from the host's one react-router instance. Sharing
 * react-router-dom itself would ship its whole 60 KB (gzip) build, because a shared module cannot
 * be tree-shaken; through the kit only the parts we use are bundled (see bench/bench.mjs).
 */
interface SharedSingleton {
  singleton: true;
  /** false: use whatever the host provides (the version check is left to the lockfile). */
  requiredVersion?: string | false;
}

export const SHARED_SINGLETONS: Record<string, SharedSingleton> = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  nanostores: { singleton: true },
  '@nanostores/react': { singleton: true },
  '@clinic/kit': { singleton: true },
};

/** Remote name → port of its standalone `npm run preview` / `npm run dev` server. */
export const REMOTE_PORTS = {
  patients: 4001,
  calendar: 4002,
  budgets: 4003,
  clinic: 4004,
  portal: 4005,
} as const;

export type RemoteName = keyof typeof REMOTE_PORTS;

/** Global/container name of a remote's build (its short name is the alias the shell loads). */
export function containerName(remote: RemoteName): string {
  return `clinic_${remote}`;
}
