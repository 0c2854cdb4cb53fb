import { env } from 'cloudflare:test';
import { describe, expect, test } from 'vitest';
import { openD1 } from '../../db/client';
import { DEMO_MEDIC } from '../../local/demo';
import { seedDemo } from '../../local/seed';
import { dumpDatabase, MIN_PART_BYTES, runBackup } from './backup';
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

  /**
   * Rows that do not compress (random bytes), so a test database makes a file of several parts of
   * R2's smallest size: 60 rows of 200 KB, about 13 MB once sealed.
   */
  const addNoise = async () => {
    await env.DB.prepare('CREATE TABLE zz_noise (id INTEGER PRIMARY KEY, data BLOB NOT NULL)').run();
    for (let i = 0; i < 6; i++)
      await env.DB.prepare(
        'INSERT INTO zz_noise (data) SELECT randomblob(200000) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10) SELECT i FROM n)',
      ).run();
  };
  const dropNoise = () => env.DB.prepare('DROP TABLE zz_noise').run();

  test('a backup larger than a part is written as it is read, in parts of one size, and opens to the same dump', async () => {
    await addNoise();
    try {
      const at = new Date('2026-11-28T03:00:00Z');
      // Paged (one table a page at a time) and cut into parts of R2's smallest size.
      const result = await runBackup(env, at, {
        force: true,
        oneBatchRows: 10,
        pageRows: 5,
        partBytes: MIN_PART_BYTES,
      });
      expect(result?.parts).toBeGreaterThanOrEqual(3);
      const object = (await env.BACKUPS?.get(result?.key ?? '')) as R2ObjectBody;
      expect(object.size).toBe(result?.bytes);
      expect(object.customMetadata?.createdAt).toBe(at.toISOString());
      const file = new Uint8Array(await object.arrayBuffer());
      expect(new TextDecoder('latin1').decode(file.slice(0, 9))).toBe('CLINICBK2');
      const dump = await openDump(file, LOCAL_BACKUP_KEY);
      const whole = await dumpDatabase(env, at);
      expect(dump.tables).toEqual(whole.tables);
      expect(dump.sequences).toEqual(whole.sequences);
      expect(dump.tables.find((t) => t.name === 'zz_noise')?.rows).toHaveLength(60);
      expect(dump.tables.reduce((n, t) => n + t.rows.length, 0)).toBe(result?.rows);
      await env.BACKUPS?.delete(result?.key ?? '');
    } finally {
      await dropNoise();
    }
  }, 120_000);

  test('a backup that fails half way leaves nothing behind', async () => {
    await addNoise();
    const bucket = env.BACKUPS as R2Bucket;
    const before = (await bucket.list({ prefix: 'backups/' })).objects.length;
    // The database goes away at the 8th page of the noise, after a part was uploaded: the upload
    // is aborted, and no object is made.
    let pages = 0;
    const failing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare')
          return (text: string) => {
            if (/FROM "zz_noise" WHERE/.test(text) && ++pages >= 8) throw new Error('the database went away');
            return target.prepare(text);
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    try {
      await expect(
        runBackup({ ...env, DB: failing }, new Date('2026-11-29T03:00:00Z'), {
          force: true,
          oneBatchRows: 10,
          pageRows: 5,
          partBytes: MIN_PART_BYTES,
        }),
      ).rejects.toThrow('the database went away');
      expect(pages).toBe(8);
      expect((await bucket.list({ prefix: 'backups/' })).objects.length).toBe(before);
    } finally {
      await dropNoise();
    }
  }, 120_000);

  test('without the BACKUPS binding there is nothing to write to, and nothing fails', async () => {
    expect(await runBackup({ ...env, BACKUPS: undefined }, new Date())).toBeNull();
  });
});
