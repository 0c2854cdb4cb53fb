// What `npm run deploy` checks before it builds anything (scripts/deploy.mjs).

/**
 * Secrets a deployed worker cannot do without: see docs/deploy.md, "Secrets". TOTP_KEY encrypts
 * every second-factor secret: without it nobody could enrol or check a code. APP_ORIGIN is not a
 * secret and may be a var instead.
 */
export const REQUIRED_SECRETS = ['PASSWORD_PEPPER', 'APP_ORIGIN', 'TOTP_KEY'];

/**
 * Every worker value that is a secret: never a var in worker/wrangler.jsonc, whose vars are in git
 * (and which wrangler's own warnings invite one to copy into `env.<name>.vars`).
 */
export const SECRET_NAMES = [
  'PASSWORD_PEPPER',
  'TOTP_KEY',
  'SETUP_TOKEN',
  'BACKUP_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'OIDC_CLIENT_SECRET',
  'LIBSQL_AUTH_TOKEN',
];

/** worker/wrangler.jsonc ships all-zero database ids (…-000000000001) until `wrangler d1 create` gives real ones. */
const isPlaceholderId = (id) => typeof id !== 'string' || /^[0-]*[0-9a-f]?$/i.test(id);

/** The D1 bindings of an environment's configuration whose database id is still a placeholder. */
export function placeholderDatabases(databases = []) {
  return databases.filter((db) => isPlaceholderId(db.database_id));
}

/**
 * The required secrets not among the environment's secrets (`wrangler secret list`); only one that
 * is not a secret (APP_ORIGIN) may be a var instead.
 */
export function missingSecrets(secretNames, vars = {}) {
  return REQUIRED_SECRETS.filter(
    (name) => !secretNames.includes(name) && !(vars[name] && !SECRET_NAMES.includes(name)),
  );
}

/** The secrets an environment's configuration holds as plain vars (refused, dry run included). */
export function secretsAsVars(vars = {}) {
  return SECRET_NAMES.filter((name) => Object.hasOwn(vars, name));
}

/** The environment named on the command line (`--env x`, `--env=x`, `-e x`) or in CLOUDFLARE_ENV. */
export function environmentOf(args, fallback = undefined) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--env' || arg === '-e') return args[i + 1] || fallback;
    if (arg.startsWith('--env=')) return arg.slice('--env='.length) || fallback;
  }
  return fallback || undefined;
}

/**
 * The arguments for `wrangler deploy`: the caller's, without the environment however it was named,
 * then the one environment `npm run deploy` checked, explicitly (`--env=` for the top level). So
 * CLOUDFLARE_ENV=production and --env production bundle the same configuration, and wrangler never
 * picks another one from its own environment.
 */
export function wranglerDeployArgs(args, envName) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--no-build' || arg === '--check') continue;
    if (arg === '--env' || arg === '-e') {
      i += 1;
      continue;
    }
    if (arg.startsWith('--env=')) continue;
    out.push(arg);
  }
  out.push(`--env=${envName ?? ''}`);
  return out;
}

/** The value of `--config x` / `--config=x` / `-c x`, if any (a test deploys a copy of the configuration). */
export function configOf(args) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--config' || arg === '-c') return args[i + 1];
    if (arg.startsWith('--config=')) return arg.slice('--config='.length);
  }
  return undefined;
}
