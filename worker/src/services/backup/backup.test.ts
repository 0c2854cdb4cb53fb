import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { openD1 } from '../../db/client';
import { DEMO_MEDIC } from '../../db/demo';
import { seedDemo } from '../../db/seed';
import { runBackup } from './backup';
import { LOCAL_BACKUP_KEY, openDump, restoreStatements } from './format';

// The backup job inside workerd, on the test pool's D1 and R2 (the restore drill, in Node, restores
// such a file into libSQL and compares every table: test/node/backup-restore.test.ts).
describe('the backup job in the worker runtime', () => {
  test('writes an encrypted dump of every table, without the search tables, that opens with its key', async () => {
    await seedDemo(openD1(env.DB), 'pepper');
    const result = await runBackup(env, new Date('2026-11-26T03:00:00Z'));
    expect(result?.key).toBe('backups/2026-11-26T03-00-00Z.clinic-backup');
    const object = await env.BACKUPS?.get(result?.key ?? '');
    const file = new Uint8Array(await (object as R2ObjectBody).arrayBuffer());
    expect(new TextDecoder('latin1').decode(file)).not.toContain(DEMO_MEDIC.email);
    const dump = await openDump(file, LOCAL_BACKUP_KEY);
    const users = dump.tables.find((t) => t.name === 'users');
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM users').first<{ n: number }>();
    expect(users?.rows).toHaveLength(count?.n ?? -1);
    expect(users?.rows.some((row) => row.includes(`'${DEMO_MEDIC.email}'`))).toBe(true);
    expect(dump.searchTables.sort()).toEqual(['budgets_search', 'users_search']);
    expect(dump.tables.map((t) => t.name).filter((name) => name.includes('_search'))).toEqual([]);
    expect(restoreStatements(dump).at(-1)).toMatch(/^CREATE (VIEW|TRIGGER)/);
    // The same day's next scheduled run writes nothing more.
    expect(await runBackup(env, new Date('2026-11-26T03:15:00Z'))).toBeNull();
  });

  test('without the BACKUPS binding there is nothing to write to, and nothing fails', async () => {
    expect(await runBackup({ ...env, BACKUPS: undefined }, new Date())).toBeNull();
  });
});
