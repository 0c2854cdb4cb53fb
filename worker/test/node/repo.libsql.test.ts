import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { afterAll } from 'vitest';
import { libsqlDb } from '../../src/db/client';
import { repositorySuite } from '../../src/routes/repo.suite';

const MIGRATIONS = join(import.meta.dirname, '..', '..', 'migrations');
const dir = mkdtempSync(join(tmpdir(), 'clinic-libsql-'));
let client: Client | undefined;

afterAll(() => {
  client?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A real libSQL engine on a local file, migrated like wrangler does: every .sql file in name order. */
repositorySuite('libSQL', async () => {
  client = createClient({ url: `file:${join(dir, 'clinic.db')}` });
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    await client.executeMultiple(readFileSync(join(MIGRATIONS, file), 'utf8'));
  }
  return libsqlDb(client);
});
