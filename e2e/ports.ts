/**
 * Ports of the servers the end-to-end run starts, away from the 8787 `npm start` uses.
 * E2E_PORT moves them all (two runs on one machine must not share ports).
 */
const base = Number(process.env.E2E_PORT ?? 8799);

export const PORTS = {
  app: base,
  rewired: base - 1,
  empty: base - 2,
  separateRemote: base - 3998,
  /** The OpenID Connect stand-in the app signs in against (worker/test/oidc-issuer.mjs). */
  oidc: base - 3997,
  /** Remote builds a team ships alone (e2e/remote-variants.mjs), served under /<name>/. */
  variants: base - 3996,
} as const;

export const URLS = {
  app: `http://localhost:${PORTS.app}`,
  rewired: `http://localhost:${PORTS.rewired}`,
  /** A deployment with only the demo medic and no clinic (the initial-config flow). */
  empty: `http://localhost:${PORTS.empty}`,
  separateRemote: `http://127.0.0.1:${PORTS.separateRemote}`,
  oidc: `http://localhost:${PORTS.oidc}`,
  variants: `http://127.0.0.1:${PORTS.variants}`,
} as const;
