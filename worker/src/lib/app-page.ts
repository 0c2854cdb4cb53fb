import type { Context } from 'hono';
import { SOCIAL_SIGN_IN_META } from '../contract/accounts';
import { isUnderHome } from '../contract/remotes';
import { type Env, isLocal } from '../env';
import { registryOverrides, remotesJson } from './remotes';

/**
 * The pages' Content-Security-Policy. Scripts, styles, connections and fonts come from this origin
 * and from the origins the remote registry points at (a remote a team deploys alone may live on
 * its own host), nothing else: no inline or eval'd script. Images may also be data: and blob:
 * URLs, and the clinic history's PDF preview is a blob: frame. Styles may be inline: the dialogs'
 * scroll lock (Radix, through react-remove-scroll) writes a <style> element sized to the
 * scrollbar, which no fixed hash can allow, and inline style runs no code. `devSockets` adds
 * WebSocket origins to connections only (a remote's dev server signals rebuilds over one).
 */
export function pagePolicy(remoteOrigins: readonly string[], devSockets: readonly string[] = []): string {
  const sources = ["'self'", ...remoteOrigins].join(' ');
  return [
    "default-src 'self'",
    `script-src ${sources}`,
    `style-src ${sources} 'unsafe-inline'`,
    `img-src ${sources} data: blob:`,
    `font-src ${sources}`,
    `connect-src ${[sources, ...devSockets].join(' ')}`,
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Every page's Permissions-Policy: the app uses none of these browser features (payments are a
 * redirect to Stripe Checkout, not the Payment Request API), so no page nor anything it frames may.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()';

const enc = new TextEncoder();

/**
 * The policy of the small HTML pages the worker writes itself (the API reference, the demo
 * checkout, the reminders opt-out): nothing from elsewhere, no script but the page's own inline
 * ones, allowed by their SHA-256, and the files it names from this origin, forms posting only here, never framed.
 */
export async function workerPagePolicy(html: string, origin: string): Promise<string> {
  const hashes: string[] = [];
  for (const [, body] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(body)));
    hashes.push(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
  }
  // A script the page loads by path is allowed by that exact URL on this origin (the API reference's Scalar).
  for (const [, src] of html.matchAll(/<script src="(\/[\w./-]+)"><\/script>/g))
    hashes.push(`${origin}${src}`);
  return [
    "default-src 'none'",
    `script-src ${hashes.length ? hashes.join(' ') : "'none'"}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origins of the registry's remotes that are not this one, each once. */
function remoteOrigins(c: Context<Env>, own: string): string[] {
  const origins = Object.values(remotesJson(c.env, own, registryOverrides(c))).map(
    (url) => new URL(url).origin,
  );
  return [...new Set(origins)].filter((origin) => origin !== own);
}

/** 'http://localhost:4003' → 'ws://localhost:4003' (https → wss). */
const socketOrigin = (origin: string): string => origin.replace(/^http/, 'ws');

/**
 * Any path that is not a built file is one of the app's routes: the single page (the static
 * asset, with its `_headers`), which routes on the client, under the policy above.
 */
export async function servePage(c: Context<Env>): Promise<Response> {
  const url = new URL(c.req.url);
  const asset = await c.env.ASSETS.fetch(new Request(new URL('/', url), c.req.raw));
  const page = new Response(asset.body, asset);
  const origins = remoteOrigins(c, url.origin);
  // Locally, a registry override may point at a remote's dev server (`npm run dev -w mf-budgets`),
  // whose compile-on-demand signal and hot updates come over a WebSocket to the same host.
  const sockets = isLocal(c.env) ? origins.map(socketOrigin) : [];
  page.headers.set('Content-Security-Policy', pagePolicy(origins, sockets));
  page.headers.set('Permissions-Policy', PERMISSIONS_POLICY);
  // Whether social sign-in is configured, for the login page (no request, no inline script).
  const social = c.env.OIDC_CLIENT_ID ? 'on' : 'off';
  // The home frame's files are preloaded by deep links under /home only (shell/rsbuild.config.ts):
  // the login page and the other public pages never run it.
  const underHome = isUnderHome(url.pathname);
  return new HTMLRewriter()
    .on('link[rel="preload"][href*="/home-frame."]', {
      element(link) {
        if (!underHome) link.remove();
      },
    })
    .on('head', {
      element(head) {
        head.append(`<meta name="${SOCIAL_SIGN_IN_META}" content="${social}">`, { html: true });
      },
    })
    .transform(page);
}
