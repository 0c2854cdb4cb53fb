import { defaultManifestUrl, REMOTES, type RemoteName, registryVariable } from '../contract/remotes';
import type { Bindings } from '../env';

/** The remote registry: each remote's manifest URL, from worker variables or the copies served here. */
export function remotesJson(env: Bindings, origin: string): Record<RemoteName, string> {
  const entries = REMOTES.map(({ name }) => {
    const configured = env[registryVariable(name)];
    const url = typeof configured === 'string' && configured ? configured : defaultManifestUrl(origin, name);
    return [name, url] as const;
  });
  return Object.fromEntries(entries) as Record<RemoteName, string>;
}
