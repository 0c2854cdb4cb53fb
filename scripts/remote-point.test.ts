import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./remote-point.mjs', import.meta.url));
const point = (...args: string[]) => {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.CLOUDFLARE_ENV;
  return spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env });
};
const URL_OK = 'https://cdn.example/patients/mf-manifest.json';

describe('npm run remote:point', () => {
  it("sets the named environment's REMOTE_<NAME>_URL from worker/, with the environment on the line", () => {
    const res = point('patients', URL_OK, '--env', 'production', '--print');
    expect(res.status).toBe(0);
    expect(res.stdout.trim()).toBe(
      `cd worker && printf '%s' '${URL_OK}' | npx wrangler secret put REMOTE_PATIENTS_URL --env production`,
    );
    expect(point('budgets', URL_OK, '--env=staging', '--print').stdout).toContain(
      'secret put REMOTE_BUDGETS_URL --env staging',
    );
  });

  it('refuses an unknown remote, a URL that is not a manifest over https, and a missing environment', () => {
    const cases: [string[], string][] = [
      [['patient', URL_OK, '--env', 'production'], 'no remote named patient'],
      [['patients', 'http://cdn.example/patients/mf-manifest.json', '--env', 'production'], 'is not https'],
      [
        ['patients', 'https://cdn.example/patients/', '--env', 'production'],
        'does not end in /mf-manifest.json',
      ],
      [['patients', 'not a url', '--env', 'production'], 'is not a URL'],
      [['patients', URL_OK], 'name the environment'],
      [['patients'], 'usage:'],
    ];
    for (const [args, message] of cases) {
      const res = point(...args, '--print');
      expect(res.status).toBe(1);
      expect(res.stderr).toContain(message);
      expect(res.stdout).toBe('');
    }
  });
});
