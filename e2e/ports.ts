/**
 * Ports of the servers the end-to-end run starts, away from the 8787 `npm start` uses.
 * E2E_PORT moves them all (two runs on one machine must not share ports).
 */
const base = Number(process.env.E2E_PORT ?? 8799);

export const PORTS = {
  app: base,
  rewired: base - 1,
  empty: base - 2,
  /** A worker whose registry points mf-budgets at that remote's dev server (remote-dev-loop.spec.ts). */
  devLoop: base - 3,
  /** A worker nothing-lost.spec.ts stops and lets come back, to show that a form survives it. */
  blip: base - 4,
  separateRemote: base - 3998,
  /** The OpenID Connect stand-in the app signs in against (worker/test/oidc-issuer.mjs). */
  oidc: base - 3997,
  /** Remote builds a team ships alone (e2e/remote-variants.mjs), served under /<name>/. */
  variants: base - 3996,
  /** `rsbuild dev` of a copy of mf-budgets, started by remote-dev-loop.spec.ts alone. */
  budgetsDevServer: base - 3995,
} as const;

export const URLS = {
  app: `http://localhost:${PORTS.app}`,
  rewired: `http://localhost:${PORTS.rewired}`,
  /** A deployment with only the demo medic and no clinic (the initial-config flow). */
  empty: `http://localhost:${PORTS.empty}`,
  separateRemote: `http://127.0.0.1:${PORTS.separateRemote}`,
  oidc: `http://localhost:${PORTS.oidc}`,
  variants: `http://127.0.0.1:${PORTS.variants}`,
  devLoop: `http://localhost:${PORTS.devLoop}`,
  blip: `http://localhost:${PORTS.blip}`,
  budgetsDevServer: `http://localhost:${PORTS.budgetsDevServer}`,
} as const;

/**
 * The arguments of scripts/start.mjs for one of the run's workers: the built app, fresh local state
 * of its own under e2e/.state/, one log line per warning only. `state` names the worker.
 */
export function startArgs(state: string): string[] {
  return [
    '--no-build',
    '--fresh',
    '--log-level',
    'warn',
    '--persist-to',
    `e2e/.state/${PORTS.app}-${state}`,
    // The run signs up far more than the 20 people an hour one address may (worker/src/auth/rate-limit.ts).
    '--var',
    'LOCAL_SIGNUPS_PER_HOUR:1000',
  ];
}
