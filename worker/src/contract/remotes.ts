/**
 * The one list of remotes. Everything that names remotes reads it: the build script (which remotes
 * to build), the worker's registry `GET /mf/remotes.json` (their default URLs and the variables
 * that override them), the worker's variable types, the kit's Module Federation settings (container
 * names, dev ports) and the shell (which remotes serve a user type).
 *
 * A remote's screens are not listed here: each remote declares its own (see docs/architecture.md).
 *
 * Plain TypeScript without imports, so Node runs it as is (scripts/build.mjs imports it directly).
 */
export const REMOTES = [
  // name: registry key, folder mf-<name>, served at /mf/<name>/; port: its `npm run dev`/`preview`;
  // serves: the user types whose sidebar it fills; area: how the shell names it when it is down.
  { name: 'patients', port: 4001, serves: ['Medic'], area: 'Patients' },
  { name: 'calendar', port: 4002, serves: ['Medic'], area: 'Calendar' },
  { name: 'budgets', port: 4003, serves: ['Medic'], area: 'Budgets' },
  { name: 'clinic', port: 4004, serves: ['Medic'], area: 'Clinic' },
  { name: 'portal', port: 4005, serves: ['Patient'], area: 'Portal' },
] as const;

export type RemoteName = (typeof REMOTES)[number]['name'];

/** Every screen lives under this path; the shell owns everything else. */
export const HOME = '/home';

/**
 * Whether a page's path is the home frame's (HOME or below it, in any case, as the router matches):
 * the shell starts loading the frame there, and the worker lets the page preload its files.
 */
export const isUnderHome = (pathname: string): boolean => {
  const path = pathname.toLowerCase();
  return path === HOME || path.startsWith(`${HOME}/`);
};

/** The user types a remote can declare screens for: anything but 'Patient' signs in as a medic. */
export const USER_TYPES = ['Medic', 'Patient'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The worker variable that points the registry entry of `remote` elsewhere, e.g. REMOTE_BUDGETS_URL. */
export type RegistryVariable = `REMOTE_${Uppercase<RemoteName>}_URL`;

export const REMOTE_NAMES: readonly RemoteName[] = REMOTES.map((remote) => remote.name);

export function registryVariable(remote: RemoteName): RegistryVariable {
  return `REMOTE_${remote.toUpperCase()}_URL` as RegistryVariable;
}

/** Global/container name of a remote's build (its short name is the alias the shell loads). */
export function containerName(remote: RemoteName): string {
  return `clinic_${remote}`;
}

/** Where the worker serves its own copy of a remote's build: the default registry entry. */
export function defaultManifestUrl(origin: string, remote: RemoteName): string {
  return `${origin}/mf/${remote}/mf-manifest.json`;
}

/** How the shell names a remote's area (its unavailable sidebar entry). */
export function areaName(remote: RemoteName): string {
  return REMOTES.find((r) => r.name === remote)?.area ?? remote;
}

/** The remotes whose screens a user type gets, in the list's order. */
export function remotesServing(userType: UserType): RemoteName[] {
  return REMOTES.filter((remote) => (remote.serves as readonly string[]).includes(userType)).map(
    (remote) => remote.name,
  );
}
