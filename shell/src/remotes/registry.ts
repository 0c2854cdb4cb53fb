import { containerName, REMOTE_NAMES, type RemoteName } from '@clinic/kit/mf';
import { loadRemote, loadShare, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

/** GET /mf/remotes.json: remote name → absolute URL of its mf-manifest.json, in registry order. */
export type RemoteRegistry = Partial<Record<RemoteName, string>>;

export const REGISTRY_URL = '/mf/remotes.json';

/** The registry read from its JSON: each known remote named with a URL; anything else is left out. */
export function registryOf(body: unknown): RemoteRegistry {
  const registry: RemoteRegistry = {};
  if (typeof body !== 'object' || body === null) return registry;
  const entries = new Map(Object.entries(body));
  for (const name of REMOTE_NAMES) {
    const url = entries.get(name);
    if (typeof url === 'string' && url !== '') registry[name] = url;
  }
  return registry;
}

let registry: Promise<RemoteRegistry> | null = null;
const registered = new Map<RemoteName, string>();
const loaded = new Map<RemoteName, ComponentType>();
const loading = new Map<RemoteName, Promise<ComponentType>>();

/** The registry, fetched once per page (again after a failure). */
export function fetchRegistry(): Promise<RemoteRegistry> {
  registry ??= fetch(REGISTRY_URL, { headers: { Accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new Error(`Remote registry answered ${res.status}`);
      return registryOf(await res.json());
    })
    .catch((err: unknown) => {
      registry = null; // a later retry fetches it again
      throw err;
    });
  return registry;
}

let sharesInScope: Promise<unknown> | null = null;

/**
 * Loads the shell's kit and contract into the share scope, before any remote registers its own.
 * The shell's code imports their modules straight (the login page loads only the parts it uses),
 * so until something consumes them from the scope nothing is loaded there, and the runtime would
 * hand the remotes the highest version registered, even a remote's own copy of the kit: a second
 * session store, or a kit of another major that the remotes built for this one refuse. A loaded
 * version is kept, so every remote gets the shell's kit, the instance the shell runs; and with the
 * contract already there, a remote's first use waits for neither.
 */
export function loadShellShares(): Promise<unknown> {
  sharesInScope ??= Promise.all([loadShare('@clinic/kit'), loadShare('@clinic/worker/contract')]).catch(
    (err: unknown) => {
      sharesInScope = null; // a later retry loads them again
      throw err;
    },
  );
  return sharesInScope;
}

/** The remote's routes component if it has already been loaded (no spinner needed). */
export function loadedRoutes(name: RemoteName): ComponentType | undefined {
  return loaded.get(name);
}

/**
 * How long an area waits for its remote before it shows the error panel with Retry. A host that
 * never answers (or a dev server whose build is stuck) would otherwise leave the spinner up for
 * good; a remote served from anywhere reachable loads in well under a second.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 15_000;

/** `work`, or an error once `ms` have passed without it settling. */
export function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Loads `<name>/routes` from the remote registry, or fails after REMOTE_LOAD_TIMEOUT_MS. `retry`
 * forces the MF runtime to forget a failed manifest/remoteEntry so the next attempt really goes
 * back to the network.
 */
export function loadRemoteRoutes(
  name: RemoteName,
  retry = false,
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
): Promise<ComponentType> {
  const cached = loaded.get(name);
  if (cached) return Promise.resolve(cached);
  // A load already under way (started early, before the session check answered) is shared.
  const started = retry ? undefined : loading.get(name);
  if (started) return withinTime(started, timeoutMs, `Remote "${name}"`);
  const work = loadRoutes(name, retry).finally(() => loading.delete(name));
  loading.set(name, work);
  return withinTime(work, timeoutMs, `Remote "${name}"`);
}

async function loadRoutes(name: RemoteName, retry: boolean): Promise<ComponentType> {
  const cached = loaded.get(name);
  if (cached) return cached;
  const [urls] = await Promise.all([fetchRegistry(), loadShellShares()]);
  const entry = urls[name];
  if (!entry) throw new Error(`No entry for remote "${name}" in ${REGISTRY_URL}`);
  if (retry || registered.get(name) !== entry) {
    registerRemotes([{ name: containerName(name), entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
  const mod = await loadRemote<{ default?: ComponentType }>(`${containerName(name)}/routes`);
  const routes = mod?.default;
  if (!routes) throw new Error(`Remote "${name}" did not expose ./routes`);
  loaded.set(name, routes);
  return routes;
}
