import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  defaultManifestUrl,
  REMOTE_NAMES,
  REMOTES,
  type RemoteName,
  registryVariable,
} from '../contract/remotes';
import { type Bindings, type Env, isLocal } from '../env';

/** Registry entries pointed elsewhere for one browser only (local runs: the dev loop's override). */
export type RegistryOverrides = Partial<Record<RemoteName, string>>;

/**
 * The remote registry: each remote's manifest URL, from a local override, the worker variables,
 * or the copies served here.
 */
export function remotesJson(
  env: Bindings,
  origin: string,
  overrides: RegistryOverrides = {},
): Record<RemoteName, string> {
  const entries = REMOTES.map(({ name }) => {
    const configured = overrides[name] || env[registryVariable(name)];
    const url = typeof configured === 'string' && configured ? configured : defaultManifestUrl(origin, name);
    return [name, url] as const;
  });
  return Object.fromEntries(entries) as Record<RemoteName, string>;
}

/** The cookie that holds one browser's override of a remote's entry (local runs only). */
export const overrideCookie = (remote: RemoteName): string => `clinic_dev_remote_${remote}`;

/**
 * A dev server's manifest on this machine: http(s) on localhost or 127.0.0.1, ending in
 * /mf-manifest.json. Nothing else may be an override, so a cookie can never send the page's
 * scripts to another host.
 */
export function isLocalManifest(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      ['http:', 'https:'].includes(parsed.protocol) &&
      ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname) &&
      parsed.pathname.endsWith('/mf-manifest.json')
    );
  } catch {
    return false;
  }
}

/** This browser's overrides: in local runs only, each a local dev server's manifest. */
export function registryOverrides(c: Context<Env>): RegistryOverrides {
  if (!isLocal(c.env)) return {};
  const out: RegistryOverrides = {};
  for (const name of REMOTE_NAMES) {
    const url = getCookie(c, overrideCookie(name));
    if (url && isLocalManifest(url)) out[name] = url;
  }
  return out;
}

/**
 * `GET /mf/dev?budgets=http://localhost:4003/mf-manifest.json` (local runs only): points this
 * browser's registry entry of a remote at its dev server, with no restart of the app; an empty
 * value (`?budgets=`) goes back to the worker's own entry. Then back to the app's first page.
 */
export function setRegistryOverrides(c: Context<Env>): Response {
  if (!isLocal(c.env)) return c.text('Not Found', 404);
  const query = new URL(c.req.url).searchParams;
  for (const [name, url] of query) {
    if (!(REMOTE_NAMES as readonly string[]).includes(name))
      return c.text(`No remote named ${name}; the remotes are ${REMOTE_NAMES.join(', ')}.`, 400);
    if (url && !isLocalManifest(url))
      return c.text(
        `${url} is not a dev server's manifest on this machine (http://localhost:<port>/mf-manifest.json).`,
        400,
      );
  }
  for (const [name, url] of query) {
    setCookie(c, overrideCookie(name as RemoteName), url, {
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: url ? 60 * 60 * 24 * 30 : 0,
    });
  }
  c.header('Cache-Control', 'no-store');
  return c.redirect('/', 302);
}
