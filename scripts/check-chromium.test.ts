import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./check-chromium.mjs', import.meta.url));
const check = (chromium: string) =>
  spawnSync(process.execPath, [script], {
    env: { ...process.env, CHROMIUM_PATH: chromium },
    encoding: 'utf8',
  });

describe('scripts/check-chromium.mjs (the first step of npm run test:e2e)', () => {
  it('stops with one line saying what to install when there is no Chromium', () => {
    const res = check('/nonexistent/chromium');
    expect(res.status).toBe(1);
    expect(res.stdout).toBe('');
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('/nonexistent/chromium');
    expect(lines[0]).toContain('apt-get install -y chromium');
  });

  it('lets the run go on when the binary is there and executable', () => {
    const res = check(process.execPath);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });
});
