import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  environmentOf,
  missingSecrets,
  placeholderDatabases,
  SECRET_NAMES,
  secretsAsVars,
  wranglerDeployArgs,
} from './deploy-checks.mjs';

const deploy = fileURLToPath(new URL('./deploy.mjs', import.meta.url));
const workerDir = fileURLToPath(new URL('../worker/', import.meta.url));
const tmp = mkdtempSync(path.join(tmpdir(), 'clinic-deploy-'));
const copies: string[] = [];
afterAll(() => {
  for (const file of copies) rmSync(file, { force: true });
  rmSync(tmp, { recursive: true, force: true });
});

/**
 * A copy of worker/wrangler.jsonc beside it (its paths are relative to it) with real-looking
 * database ids, changed further by `edit`; returns its name for `--config`.
 */
function configCopy(name: string, edit: (text: string) => string = (text) => text): string {
  const text = readFileSync(path.join(workerDir, 'wrangler.jsonc'), 'utf8').replace(
    /"00000000-0000-0000-0000-00000000000(\d)"/g,
    '"5c4c4f6b-2b1e-4b3a-9d5e-0f6a7c8b9d0$1"',
  );
  const file = `wrangler.deploy-test-${process.pid}-${name}.jsonc`;
  writeFileSync(path.join(workerDir, file), edit(text));
  copies.push(path.join(workerDir, file));
  return file;
}

/** `npm run deploy` as run from the repository root, without a build. */
function runDeploy(args: string[], extraEnv: Record<string, string> = {}) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    ...extraEnv,
  };
  if (!('CLOUDFLARE_ENV' in extraEnv)) delete env.CLOUDFLARE_ENV;
  return spawnSync(process.execPath, [deploy, '--no-build', ...args], { encoding: 'utf8', env });
}

/** The binding table a dry run prints: which resources the bundle is bound to. */
const bindingsOf = (stdout: string): string[] =>
  stdout
    .split('\n')
    .filter((line) => /^env\.\w+/.test(line.trim()))
    .map((line) => line.trim().replace(/\s+/g, ' '));

describe('npm run deploy for a named environment', () => {
  it("refuses the repository's placeholder database ids, even in a dry run, before building anything", () => {
    const res = spawnSync(process.execPath, [deploy, '--dry-run', '--no-build', '--env', 'production'], {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    expect(res.status).toBe(1);
    const lines = res.stderr.trim().split('\n');
    expect(lines.at(-1)).toContain('the D1 database id of clinic-production is a placeholder');
    expect(lines.at(-1)).toContain('npx wrangler d1 create clinic-production');
  }, 60_000);

  it('tells a placeholder id from a real one', () => {
    const ids = [
      '00000000-0000-0000-0000-000000000000',
      '00000000-0000-0000-0000-000000000002',
      '',
      undefined,
      '5c4c4f6b-2b1e-4b3a-9d5e-0f6a7c8b9d01',
    ];
    const databases = ids.map((id, i) => ({ database_name: `db${i}`, database_id: id }));
    expect(placeholderDatabases(databases).map((db) => db.database_name)).toEqual([
      'db0',
      'db1',
      'db2',
      'db3',
    ]);
  });

  it('names the required secrets that are not secrets; only APP_ORIGIN may be a var instead', () => {
    expect(missingSecrets([])).toEqual(['PASSWORD_PEPPER', 'APP_ORIGIN', 'TOTP_KEY']);
    expect(missingSecrets(['PASSWORD_PEPPER', 'TOTP_KEY'], { APP_ORIGIN: 'https://clinic.example' })).toEqual(
      [],
    );
    expect(missingSecrets(['APP_ORIGIN', 'STRIPE_SECRET_KEY', 'TOTP_KEY'])).toEqual(['PASSWORD_PEPPER']);
    // A secret written as a var does not count as set.
    expect(missingSecrets(['APP_ORIGIN', 'PASSWORD_PEPPER'], { TOTP_KEY: 'x'.repeat(40) })).toEqual([
      'TOTP_KEY',
    ]);
  });

  it('finds every secret written as a plain var', () => {
    expect(secretsAsVars({ ENVIRONMENT: 'production', APP_ORIGIN: 'https://clinic.example' })).toEqual([]);
    expect(secretsAsVars(Object.fromEntries(SECRET_NAMES.map((name) => [name, 'value'])))).toEqual(
      SECRET_NAMES,
    );
    expect(secretsAsVars({ TOTP_KEY: '' })).toEqual(['TOTP_KEY']);
    expect(secretsAsVars()).toEqual([]);
  });

  it('refuses TOTP_KEY (or any other secret) as a var of the environment, dry run included', () => {
    for (const name of ['TOTP_KEY', 'PASSWORD_PEPPER', 'STRIPE_SECRET_KEY']) {
      const config = configCopy(`var-${name}`, (text) =>
        text.replace(
          '"vars": { "ENVIRONMENT": "production" }',
          `"vars": { "ENVIRONMENT": "production", "${name}": "${'k'.repeat(40)}" }`,
        ),
      );
      const res = runDeploy([
        '--dry-run',
        '--env',
        'production',
        '--config',
        config,
        '--outdir',
        path.join(tmp, name),
      ]);
      expect(res.status).toBe(1);
      const last = res.stderr.trim().split('\n').at(-1);
      expect(last).toContain(`${name} is a secret, not a var: remove it from env.production.vars`);
      expect(last).toContain(`npx wrangler secret put NAME --env production`);
    }
  }, 120_000);

  it("the repository's configuration holds no secret as a var, and wrangler has nothing to warn about", () => {
    const res = runDeploy(['--dry-run', '--outdir', path.join(tmp, 'top')]);
    expect(res.status).toBe(0);
    expect(`${res.stdout}${res.stderr}`).not.toMatch(/TOTP_KEY|not inherited|WARNING/);
    expect(bindingsOf(res.stdout)).toContain('env.DB (clinic) D1 Database');
  }, 120_000);

  it('CLOUDFLARE_ENV=production and --env production bundle the same environment', () => {
    const config = configCopy('same-env');
    const flag = runDeploy([
      '--dry-run',
      '--env',
      'production',
      '--config',
      config,
      '--outdir',
      path.join(tmp, 'flag'),
    ]);
    const variable = runDeploy(['--dry-run', '--config', config, '--outdir', path.join(tmp, 'variable')], {
      CLOUDFLARE_ENV: 'production',
    });
    expect(flag.status, flag.stderr).toBe(0);
    expect(variable.status, variable.stderr).toBe(0);
    expect(bindingsOf(flag.stdout)).toContain('env.DB (clinic-production) D1 Database');
    expect(bindingsOf(variable.stdout)).toEqual(bindingsOf(flag.stdout));
    expect(variable.stdout).not.toContain('env.DB (clinic)');
    // Both bundles carry production's vars, not the top level's.
    expect(variable.stdout).toContain('"production"');
  }, 180_000);

  it('gives wrangler the checked environment explicitly, however it was named', () => {
    expect(wranglerDeployArgs(['--dry-run', '--no-build'], 'production')).toEqual([
      '--dry-run',
      '--env=production',
    ]);
    expect(wranglerDeployArgs(['--env', 'staging', '--check'], 'staging')).toEqual(['--env=staging']);
    expect(wranglerDeployArgs(['-e', 'staging', '--minify'], 'staging')).toEqual([
      '--minify',
      '--env=staging',
    ]);
    expect(wranglerDeployArgs(['--dry-run', '--env='], undefined)).toEqual(['--dry-run', '--env=']);
  });

  it('reads the environment as wrangler does', () => {
    expect(environmentOf(['--env', 'staging'])).toBe('staging');
    expect(environmentOf(['--env=production', '--no-build'])).toBe('production');
    expect(environmentOf(['-e', 'staging'])).toBe('staging');
    expect(environmentOf(['--dry-run', '--env='])).toBeUndefined();
    expect(environmentOf(['--dry-run'], 'staging')).toBe('staging');
  });
});
