import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

// `npm run db:check -w worker`: drizzle-kit's journal lists every migration file and
// `drizzle-kit generate` on the schema as it is writes nothing (migrations/README.md).
test('drizzle-kit is in step with the schema and the migrations', () => {
  const script = fileURLToPath(new URL('../../scripts/drizzle-snapshots.mjs', import.meta.url).href);
  const res = spawnSync(process.execPath, [script, 'check'], { encoding: 'utf8' });
  expect(res.stderr).toBe('');
  expect(res.status).toBe(0);
});
