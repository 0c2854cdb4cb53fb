import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getPlatformProxy } from 'wrangler';
import { openBackup, readBackup, restoreIntoLibsql } from '../../scripts/restore.mjs';
import { BudgetsQuerySchema } from '../../src/contract/budgets';
import { type Db, libsqlDb, openD1 } from '../../src/db/client';
import { seedBenchBudgets } from '../../src/local/bench/budgets';
import { seedBenchPatients } from '../../src/local/bench/patients';
import { seedDemo } from '../../src/local/seed';
import { listBudgets } from '../../src/routes/budgets/budget-search.repo';
import { findPatientsContaining, listPatients } from '../../src/routes/patients/patients.repo';
import {
  type BackupBindings,
  MIN_PART_BYTES,
  pruneBackups,
  runBackup,
} from '../../src/services/backup/backup';
import {
  BACKUP_MAGIC,
  LOCAL_BACKUP_KEY,
  openChunks,
  openDump,
  sealDump,
} from '../../src/services/backup/format';

// The restore drill: a seeded D1 database (workerd's, through wrangler's platform proxy) is backed
// up by the worker's own backup code into its R2 bucket, restored by the restore command's code into
// an empty libSQL database, and compared table by table, then search by search.

const WORKER = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'clinic-backup-'));
let proxy: Awaited<
  ReturnType<typeof getPlatformProxy<BackupBindings & { DB: D1Database; BACKUPS: R2Bucket }>>
>;
let env: BackupBindings & { DB: D1Database; BACKUPS: R2Bucket };
let source: Db;
let restoredClient: Client;
let restored: Db;
let backupFile: Uint8Array;

beforeAll(async () => {
  const migrate = spawnSync(
    join(WORKER, '..', 'node_modules', '.bin', 'wrangler'),
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir],
    { cwd: WORKER, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' } },
  );
  expect(migrate.status, migrate.stderr).toBe(0);
  proxy = await getPlatformProxy({
    configPath: join(WORKER, 'wrangler.jsonc'),
    persist: { path: join(dir, 'v3') },
  });
  env = { ...proxy.env, ENVIRONMENT: 'local' };
  source = openD1(env.DB);
  expect(await seedDemo(source, 'drill-pepper')).toBe(true);
  await seedBenchPatients(source, 300);
  await seedBenchBudgets(source, 200);
  // Text that needs quoting survives the trip.
  await env.DB.prepare('UPDATE clinics SET street = ? WHERE id = 1')
    .bind('O\'Higgins "1"; -- ünïcode ✓')
    .run();
  restoredClient = createClient({ url: `file:${join(dir, 'restored.db')}` });
  restored = libsqlDb(restoredClient);
}, 180_000);

afterAll(async () => {
  restoredClient?.close();
  await proxy?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

type Run = (statement: string) => Promise<Record<string, unknown>[]>;
const onD1: Run = async (statement) =>
  (await env.DB.prepare(statement).all()).results as Record<string, unknown>[];
const onLibsql: Run = async (statement) =>
  (await restoredClient.execute(statement)).rows.map((r) => ({ ...r }));

/** Every table's row count and a checksum of its rows (every column, generated ones included). */
async function fingerprint(
  run: Run,
  tables: string[],
): Promise<Record<string, { rows: number; sha256: string }>> {
  const out: Record<string, { rows: number; sha256: string }> = {};
  for (const table of tables) {
    const columns = (await run(`PRAGMA table_xinfo("${table}")`)).map((c) => `"${String(c.name)}"`);
    // quote(): every value exactly, big integers (a budget's search_key) included.
    const cells = columns.map((c, i) => `quote(${c}) AS c${i}`).join(', ');
    const rows = await run(`SELECT ${cells} FROM "${table}" ORDER BY ${columns.join(', ')}`);
    const text = JSON.stringify(rows.map((row) => columns.map((_, i) => row[`c${i}`])));
    out[table] = { rows: rows.length, sha256: createHash('sha256').update(text).digest('hex') };
  }
  return out;
}

describe('backup and restore', () => {
  test('the drill: backup of a seeded D1, restore into an empty libSQL, every table and every search the same', async () => {
    const now = new Date('2026-11-26T03:00:00Z');
    const result = await runBackup(env, now, { force: true });
    expect(result?.key).toBe('backups/2026-11-26T03-00-00Z.clinic-backup');
    const object = await env.BACKUPS.get(result?.key ?? '');
    backupFile = new Uint8Array(await (object as R2ObjectBody).arrayBuffer());
    // Encrypted: none of the data reads through.
    expect(Buffer.from(backupFile).toString('latin1')).not.toContain('medic@clinic.test');
    const file = join(dir, 'backup.clinic-backup');
    writeFileSync(file, backupFile);

    // The documented command, as an operator runs it (here: only the SQL, for wrangler d1 execute).
    const cli = spawnSync(
      process.execPath,
      [join(WORKER, 'scripts', 'restore.mjs'), file, '--sql', join(dir, 'restore.sql'), '--local-key'],
      { encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(
      /^backup of 2026-11-26T03:00:00.000Z: \d+ tables\n\d+ rows: wrote \d+ statements/,
    );
    if (process.env.CLINIC_KEEP_BACKUP) writeFileSync(process.env.CLINIC_KEEP_BACKUP, backupFile);

    const dump = await readBackup(file, LOCAL_BACKUP_KEY);
    expect(dump.searchTables.sort()).toEqual(['budgets_search', 'users_search']);
    expect(dump.tables.map((t) => t.name)).not.toContain('users_search_data');
    await restoreIntoLibsql(restoredClient, dump);

    // Every table of the source (the search tables' shadows and D1's own aside), both sides.
    const tables = (
      await onD1(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%_search_%' ORDER BY name",
      )
    ).map((r) => String(r.name));
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'patients', 'budgets', 'audit_log', 'd1_migrations']),
    );
    const [before, after] = [await fingerprint(onD1, tables), await fingerprint(onLibsql, tables)];
    expect(after).toEqual(before);
    expect(before.users?.rows).toBeGreaterThan(300);
    expect(before.budgets?.rows).toBeGreaterThanOrEqual(200);
    // The same schema objects: indexes, triggers, views and the search tables.
    const objects =
      "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY type, name";
    expect(await onLibsql(objects)).toEqual(await onD1(objects));
    // The AUTOINCREMENT counters go on where they were.
    const sequences = 'SELECT name, seq FROM sqlite_sequence ORDER BY name';
    expect(await onLibsql(sequences)).toEqual(await onD1(sequences));

    // The same searches find the same patients and budgets (the rebuilt FTS5 indexes).
    for (const term of ['garcia', 'ana', 'KINNER', 'lopez', '6000', 'rez', 'clinic.test']) {
      const [a, b] = [
        await findPatientsContaining(source, term, 50),
        await findPatientsContaining(restored, term, 50),
      ];
      expect(b, term).toEqual(a);
      if (term !== 'clinic.test') {
        const [la, lb] = [await listPatients(source, term, 50, 0), await listPatients(restored, term, 50, 0)];
        expect(lb, term).toEqual(la);
      }
      const query = v.parse(BudgetsQuerySchema, { q: term });
      expect(await listBudgets(restored, query, null), term).toEqual(await listBudgets(source, query, null));
    }
    expect((await findPatientsContaining(restored, 'garcia', 50)).length).toBeGreaterThan(0);
    const match =
      "SELECT quote(rowid) AS r, budget_id FROM budgets_search WHERE budgets_search MATCH 'pending' ORDER BY rowid";
    expect((await onLibsql(match)).length).toBeGreaterThan(0);
    expect(await onLibsql(match)).toEqual(await onD1(match));

    // The restored database takes new writes through its restored triggers.
    await restoredClient.execute(
      "INSERT INTO users (email, user_type, name, last_name, search_name, document) VALUES ('new@x.test', 'Patient', 'Zyx', 'Wvu', 'zyx wvu', '99999999')",
    );
    expect((await onLibsql("SELECT rowid FROM users_search WHERE users_search MATCH 'zyx'")).length).toBe(1);
  }, 180_000);

  test('a database too large for one batch is read in pages, written in several parts, restored a frame at a time: the same rows', async () => {
    // Rows that do not compress (random bytes): about 13 MB once sealed, for the one-batch backup too.
    await env.DB.prepare('CREATE TABLE zz_noise (id INTEGER PRIMARY KEY, data BLOB NOT NULL)').run();
    for (let i = 0; i < 6; i++)
      await env.DB.prepare(
        'INSERT INTO zz_noise (data) SELECT randomblob(200000) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10) SELECT i FROM n)',
      ).run();
    const consistentKey = await runBackup(env, new Date('2026-11-26T04:00:00Z'), { force: true });
    const consistentObject = await env.BACKUPS.get(consistentKey?.key ?? '');
    const consistentFile = new Uint8Array(await (consistentObject as R2ObjectBody).arrayBuffer());
    await env.BACKUPS.delete(consistentKey?.key ?? '');
    const paged = await runBackup(env, new Date('2026-11-27T03:00:00Z'), {
      force: true,
      oneBatchRows: 10,
      pageRows: 37,
      // R2's smallest part (the local bucket's too): the rows that do not compress make several.
      partBytes: MIN_PART_BYTES,
    });
    expect(paged?.parts).toBeGreaterThanOrEqual(3);
    const object = await env.BACKUPS.get(paged?.key ?? '');
    const file = new Uint8Array(await (object as R2ObjectBody).arrayBuffer());
    expect(file.byteLength).toBe(paged?.bytes);
    const dump = await openDump(file, LOCAL_BACKUP_KEY);
    expect(dump.consistent).toBe(false);
    const whole = await openDump(consistentFile, LOCAL_BACKUP_KEY);
    expect(whole.consistent).toBe(true);
    expect(dump.tables).toEqual(whole.tables);
    expect(dump.tables.reduce((n, t) => n + t.rows.length, 0)).toBe(paged?.rows);
    await env.BACKUPS.delete(paged?.key ?? '');
    // The restored copy of the drill has no noise: compare with the source instead.

    // Restored by the command's code straight from the file, a frame at a time: the same tables.
    const path = join(dir, 'paged.clinic-backup');
    writeFileSync(path, file);
    const client = createClient({ url: `file:${join(dir, 'restored-paged.db')}` });
    try {
      await restoreIntoLibsql(client, openBackup(path, LOCAL_BACKUP_KEY));
      const onPaged: Run = async (statement) => (await client.execute(statement)).rows.map((r) => ({ ...r }));
      const tables = dump.tables.map((t) => t.name);
      expect(tables).toContain('zz_noise');
      expect(await fingerprint(onPaged, tables)).toEqual(await fingerprint(onD1, tables));
      const match = "SELECT rowid FROM users_search WHERE users_search MATCH 'garcia' ORDER BY rowid";
      expect(await onPaged(match)).toEqual(await onD1(match));
    } finally {
      client.close();
      await env.DB.prepare('DROP TABLE zz_noise').run();
    }

    // A file cut short, or with a frame changed, is refused before anything is restored.
    const cut = file.slice(0, file.length - 40);
    await expect(openDump(cut, LOCAL_BACKUP_KEY)).rejects.toThrow(/incomplete|damaged/);
    const shorter = file.slice(0, file.length - 200);
    await expect(openDump(shorter, LOCAL_BACKUP_KEY)).rejects.toThrow(/incomplete|damaged/);
    const changed = file.slice();
    const middle = Math.floor(changed.length / 2);
    changed[middle] = (changed[middle] ?? 0) ^ 1;
    await expect(openDump(changed, LOCAL_BACKUP_KEY)).rejects.toThrow(/damaged|incomplete/);
    const empty = createClient({ url: `file:${join(dir, 'restored-cut.db')}` });
    try {
      await expect(restoreIntoLibsql(empty, openChunks(cut, LOCAL_BACKUP_KEY))).rejects.toThrow(
        /incomplete|damaged/,
      );
      // Nothing of it stays: the restore is one transaction.
      expect(
        (await empty.execute("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'")).rows[0]?.n,
      ).toBe(0);
    } finally {
      empty.close();
    }
  }, 180_000);

  test('an older one-document backup still restores', async () => {
    const whole = await openDump(backupFile, LOCAL_BACKUP_KEY);
    const older = await sealDump(whole, LOCAL_BACKUP_KEY);
    expect(new TextDecoder().decode(older.slice(0, BACKUP_MAGIC.length))).toBe(BACKUP_MAGIC);
    expect(await openDump(older, LOCAL_BACKUP_KEY)).toEqual(whole);
  });

  test('the backup opens only with its own key; a restore refuses a database that is not empty', async () => {
    await expect(openDump(backupFile, 'another-key-of-more-than-32-characters!!')).rejects.toThrow(
      'the backup key is not the one',
    );
    await expect(openDump(new Uint8Array([1, 2, 3]), LOCAL_BACKUP_KEY)).rejects.toThrow(
      'not a Clinic backup',
    );
    const dump = await openDump(backupFile, LOCAL_BACKUP_KEY);
    await expect(restoreIntoLibsql(restoredClient, dump)).rejects.toThrow('not empty');
  });

  test('the schedule writes one backup a day and deletes those older than the retention', async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 11, n, 3, 0, 0));
    const daily = { ...env, BACKUP_RETENTION_DAYS: '3' };
    // Kept 3 days: the drill's backup of 26 November goes with the first run of 1 December.
    expect((await runBackup(daily, day(1)))?.deleted).toEqual(['backups/2026-11-26T03-00-00Z.clinic-backup']);
    // The next run of the same day writes nothing.
    expect(await runBackup(daily, new Date(Date.UTC(2026, 11, 1, 3, 15)))).toBeNull();
    const deleted: string[][] = [];
    for (const n of [2, 3, 4, 5]) deleted.push((await runBackup(daily, day(n)))?.deleted ?? []);
    // The one of the 1st is kept through the 4th (exactly 3 days), gone on the 5th.
    expect(deleted).toEqual([[], [], [], ['backups/2026-12-01T03-00-00Z.clinic-backup']]);
    const left = (await env.BACKUPS.list({ prefix: 'backups/' })).objects.map((o) => o.key);
    expect(left).toEqual([2, 3, 4, 5].map((n) => `backups/2026-12-0${n}T03-00-00Z.clinic-backup`));
    expect(await pruneBackups(env.BACKUPS, day(5), 3)).toEqual([]);
    // Deployed without its own key, nothing is written.
    await expect(runBackup({ ...env, ENVIRONMENT: 'production' }, day(6))).rejects.toThrow(
      'BACKUP_KEY is not set',
    );
  }, 120_000);
});
