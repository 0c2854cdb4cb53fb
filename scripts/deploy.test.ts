import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { environmentOf, missingSecrets, placeholderDatabases } from './deploy-checks.mjs';

const deploy = fileURLToPath(new URL('./deploy.mjs', import.meta.url));

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

  it('names the required secrets that are neither secrets nor vars', () => {
    expect(missingSecrets([])).toEqual(['PASSWORD_PEPPER', 'APP_ORIGIN', 'TOTP_KEY']);
    expect(missingSecrets(['PASSWORD_PEPPER', 'TOTP_KEY'], { APP_ORIGIN: 'https://clinic.example' })).toEqual(
      [],
    );
    expect(missingSecrets(['APP_ORIGIN', 'STRIPE_SECRET_KEY', 'TOTP_KEY'])).toEqual(['PASSWORD_PEPPER']);
  });

  it('reads the environment as wrangler does', () => {
    expect(environmentOf(['--env', 'staging'])).toBe('staging');
    expect(environmentOf(['--env=production', '--no-build'])).toBe('production');
    expect(environmentOf(['-e', 'staging'])).toBe('staging');
    expect(environmentOf(['--dry-run', '--env='])).toBeUndefined();
    expect(environmentOf(['--dry-run'], 'staging')).toBe('staging');
  });
});
