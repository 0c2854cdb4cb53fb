// What `npm run deploy` checks before it builds anything for a named environment (scripts/deploy.mjs).

/**
 * Secrets (or vars) a deployed worker cannot do without: see docs/deploy.md, "Secrets". TOTP_KEY
 * encrypts every second-factor secret: without it nobody could enrol or check a code.
 */
export const REQUIRED_SECRETS = ['PASSWORD_PEPPER', 'APP_ORIGIN', 'TOTP_KEY'];

/** worker/wrangler.jsonc ships all-zero database ids (…-000000000001) until `wrangler d1 create` gives real ones. */
const isPlaceholderId = (id) => typeof id !== 'string' || /^[0-]*[0-9a-f]?$/i.test(id);

/** The D1 bindings of an environment's configuration whose database id is still a placeholder. */
export function placeholderDatabases(databases = []) {
  return databases.filter((db) => isPlaceholderId(db.database_id));
}

/** The required secrets neither among the environment's secrets (`wrangler secret list`) nor its vars. */
export function missingSecrets(secretNames, vars = {}) {
  return REQUIRED_SECRETS.filter((name) => !secretNames.includes(name) && !vars[name]);
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
