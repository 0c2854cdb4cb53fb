import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getPlatformProxy } from 'wrangler';
import { readBackup, restoreIntoLibsql } from '../../scripts/restore.mjs';
import { BudgetsQuerySchema } from '../../src/contract/budgets';
import { type Db, libsqlDb, openD1 } from '../../src/db/client';
import { seedDemo } from '../../src/db/seed';
import { seedBenchBudgets } from '../../src/routes/budgets/bench-seed';
import { listBudgets } from '../../src/routes/budgets/budget-search.repo';
import { seedBenchPatients } from '../../src/routes/patients/bench-seed';
import { findPatientsContaining, listPatients } from '../../src/routes/patients/patients.repo';
import { type BackupBindings, pruneBackups, runBackup } from '../../src/services/backup/backup';
import { LOCAL_BACKUP_KEY, openDump } from '../../src/services/backup/format';

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
    expect(cli.stdout).toMatch(/^backup of 2026-11-26T03:00:00.000Z: \d+ tables, \d+ rows/);
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

  test('a database too large for one batch is read in pages: the same rows, restored the same', async () => {
    const paged = await runBackup(env, new Date('2026-11-27T03:00:00Z'), {
      force: true,
      oneBatchRows: 10,
      pageRows: 37,
    });
    const object = await env.BACKUPS.get(paged?.key ?? '');
    const dump = await openDump(
      new Uint8Array(await (object as R2ObjectBody).arrayBuffer()),
      LOCAL_BACKUP_KEY,
    );
    expect(dump.consistent).toBe(false);
    const whole = await openDump(backupFile, LOCAL_BACKUP_KEY);
    expect(whole.consistent).toBe(true);
    expect(dump.tables).toEqual(whole.tables);
    await env.BACKUPS.delete(paged?.key ?? '');
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
