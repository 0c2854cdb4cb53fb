import type { Client as LibsqlClient } from '@libsql/client/web';
import { type DbBindings, openDb } from '../../db/client';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Dump,
  ident,
  isInternalTable,
  isShadowOf,
  isVirtual,
  LOCAL_BACKUP_KEY,
  type SchemaEntry,
  sealDump,
  type TableDump,
} from './format';

/** What the backup job needs of the worker's bindings. */
export interface BackupBindings extends DbBindings {
  /** The R2 bucket the backups are written to (wrangler.jsonc `BACKUPS`). Unbound: no backups. */
  BACKUPS?: R2Bucket;
  /** The backups' own encryption key (a secret). Local runs fall back to a fixed key. */
  BACKUP_KEY?: string;
  /** Days a backup is kept (default 35). */
  BACKUP_RETENTION_DAYS?: string;
  ENVIRONMENT?: string;
}

export const BACKUP_PREFIX = 'backups/';
export const DEFAULT_RETENTION_DAYS = 35;
const DAY = 86_400_000;

type Row = Record<string, unknown>;

/** Runs read statements as ONE transaction: a D1 batch, or a libSQL batch in read mode. */
async function readTogether(client: D1Database | LibsqlClient, statements: string[]): Promise<Row[][]> {
  if ('prepare' in client) {
    const results = await client.batch(statements.map((text) => client.prepare(text)));
    return results.map((r) => (r.results ?? []) as Row[]);
  }
  const results = await client.batch(statements, 'read');
  return results.map((r) => r.rows.map((row) => ({ ...row }) as Row));
}

async function readOne(client: D1Database | LibsqlClient, statement: string): Promise<Row[]> {
  return (await readTogether(client, [statement]))[0] ?? [];
}

const SCHEMA_QUERY =
  "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND type IN ('table', 'index', 'trigger', 'view') ORDER BY rowid";

interface TablePlan {
  name: string;
  columns: string[];
  rowid: boolean;
  withoutRowid: boolean;
  /** The quoted cells, `quote(…) AS c0, …`. */
  cells: string;
  query: string;
}

/** Each dumped table's stored columns and whether its rowid must be kept apart (PRAGMA table_xinfo). */
async function planTables(client: D1Database | LibsqlClient, schema: SchemaEntry[]): Promise<TablePlan[]> {
  const virtualTables = schema.filter((e) => e.type === 'table' && isVirtual(e)).map((e) => e.name);
  const tables = schema.filter(
    (e) =>
      e.type === 'table' && !isVirtual(e) && !isInternalTable(e.name) && !isShadowOf(e.name, virtualTables),
  );
  const plans: TablePlan[] = [];
  for (const table of tables) {
    const info = await readOne(client, `PRAGMA table_xinfo(${ident(table.name)})`);
    // hidden 2 and 3: generated columns, which SQLite computes again on restore.
    const stored = info.filter((c) => Number(c.hidden ?? 0) === 0);
    const columns = stored.map((c) => String(c.name));
    const keys = stored.filter((c) => Number(c.pk) > 0);
    const withoutRowid = /without\s+rowid\s*$/i.test(table.sql.trim());
    const integerKey = keys.length === 1 && String(keys[0]?.type ?? '').toUpperCase() === 'INTEGER';
    const rowid = !withoutRowid && !integerKey;
    // Each cell as SQLite's quote() writes it: exact for every type (format.ts, Cell).
    const cells = [...(rowid ? ['rowid'] : []), ...columns.map(ident)];
    const selected = cells.map((cell, i) => `quote(${cell}) AS c${i}`).join(', ');
    const order = withoutRowid ? '' : ' ORDER BY rowid';
    plans.push({
      name: table.name,
      columns,
      rowid,
      withoutRowid,
      cells: selected,
      query: `SELECT ${selected} FROM ${ident(table.name)}${order}`,
    });
  }
  return plans;
}

/**
 * Every table's rows, read in one transaction (so the dump is one moment of the database), with
 * the schema that recreates them. The FTS5 search tables and their shadow tables are left out:
 * the restore rebuilds them.
 */
/** Up to this many rows in all, the dump is read in ONE batch (one transaction); beyond, in pages. */
export const ONE_BATCH_ROWS = 100_000;
/** Rows per page of a paged dump. */
export const PAGE_ROWS = 10_000;

const cellsOf = (plan: TablePlan, row: Row): string[] => {
  const width = plan.columns.length + (plan.rowid ? 1 : 0);
  return Array.from({ length: width }, (_, c) => String(row[`c${c}`]));
};

/** One table read page by page (by rowid, or in key order for a WITHOUT ROWID table). */
async function readPaged(
  client: D1Database | LibsqlClient,
  plan: TablePlan,
  pageRows: number,
): Promise<string[][]> {
  const rows: string[][] = [];
  let last: number | null = null;
  for (let offset = 0; ; offset += pageRows) {
    const page: Row[] = plan.withoutRowid
      ? await readOne(
          client,
          `SELECT ${plan.cells} FROM ${ident(plan.name)} LIMIT ${pageRows} OFFSET ${offset}`,
        )
      : await readOne(
          client,
          `SELECT rowid AS "__k", ${plan.cells} FROM ${ident(plan.name)}${last === null ? '' : ` WHERE rowid > ${last}`} ORDER BY rowid LIMIT ${pageRows}`,
        );
    for (const row of page) rows.push(cellsOf(plan, row));
    if (page.length < pageRows) return rows;
    if (!plan.withoutRowid) last = Number(page[page.length - 1]?.__k);
  }
}

/**
 * Every table's rows with the schema that recreates them. Up to ONE_BATCH_ROWS rows in all, read
 * in one transaction (one D1 batch): the dump is one moment of the database. A larger database is
 * read table by table in pages (D1 has no read transaction across requests, and one batch of it
 * all would not fit a Worker's memory): each page is consistent, the whole is not, so the dump
 * says so (`consistent: false`; a restore of it is still complete). The FTS5 search tables and
 * their shadow tables are left out: the restore rebuilds them.
 */
export async function dumpDatabase(
  env: DbBindings,
  now = new Date(),
  { oneBatchRows = ONE_BATCH_ROWS, pageRows = PAGE_ROWS } = {},
): Promise<Dump> {
  const client = openDb(env).$client;
  const schema = (await readOne(client, SCHEMA_QUERY)) as unknown as SchemaEntry[];
  const plans = await planTables(client, schema);
  const hasSequence = (await readOne(client, "SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'"))
    .length;
  const counts = await readTogether(
    client,
    plans.map((plan) => `SELECT count(*) AS n FROM ${ident(plan.name)}`),
  );
  const total = counts.reduce((n, rows) => n + Number(rows[0]?.n ?? 0), 0);
  const consistent = total <= oneBatchRows;
  const statements = [
    SCHEMA_QUERY,
    ...(consistent ? plans.map((plan) => plan.query) : []),
    ...(hasSequence ? ['SELECT name, seq FROM sqlite_sequence ORDER BY name'] : []),
  ];
  const [schemaAgain, ...results] = await readTogether(client, statements);
  // A migration between the plan and the read: the rows might not fit the columns planned.
  if (JSON.stringify(schemaAgain) !== JSON.stringify(schema))
    throw new Error('the schema changed while the backup was reading it; the next run tries again');
  const tables: TableDump[] = [];
  for (const [i, plan] of plans.entries()) {
    tables.push({
      name: plan.name,
      columns: plan.columns,
      rowid: plan.rowid,
      rows: consistent
        ? (results[i] ?? []).map((row) => cellsOf(plan, row))
        : await readPaged(client, plan, pageRows),
    });
  }
  const sequenceRows = results[consistent ? plans.length : 0];
  const sequences = hasSequence
    ? (sequenceRows ?? []).map((row) => ({ name: String(row.name), seq: Number(row.seq) }))
    : [];
  const kept = schema.filter(
    (e) =>
      !isInternalTable(e.name) &&
      !isInternalTable(e.tbl_name) &&
      !isShadowOf(
        e.name,
        schema.filter(isVirtual).map((v) => v.name),
      ),
  );
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    consistent,
    schema: kept.map(({ type, name, tbl_name, sql }) => ({ type, name, tbl_name, sql })),
    tables,
    sequences,
    searchTables: kept.filter((e) => e.type === 'table' && isVirtual(e)).map((e) => e.name),
  };
}

/** The backups' key: the BACKUP_KEY secret; a fixed key only in local runs. */
export function backupKeyOf(env: BackupBindings): string {
  if (env.BACKUP_KEY && env.BACKUP_KEY.length >= 32) return env.BACKUP_KEY;
  if (!env.BACKUP_KEY && env.ENVIRONMENT === 'local') return LOCAL_BACKUP_KEY;
  throw new Error('BACKUP_KEY is not set (32+ characters): no backup is written without its own key');
}

export function retentionDaysOf(env: BackupBindings): number {
  const days = Number(env.BACKUP_RETENTION_DAYS);
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_RETENTION_DAYS;
}

/** backups/2026-11-26T03-00-00Z.clinic-backup: sortable, one a day at most from the schedule. */
export const backupKeyName = (at: Date): string =>
  `${BACKUP_PREFIX}${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.clinic-backup`;

export interface BackupResult {
  key: string;
  bytes: number;
  tables: number;
  rows: number;
  deleted: string[];
}

/**
 * Writes one encrypted backup to BACKUPS, then deletes the backups older than the retention.
 * `force` writes one even when today's exists (the drill and the bench); the schedule writes at
 * most one a day.
 */
export async function runBackup(
  env: BackupBindings,
  now: Date,
  { force = false, oneBatchRows = ONE_BATCH_ROWS, pageRows = PAGE_ROWS } = {},
): Promise<BackupResult | null> {
  const bucket = env.BACKUPS;
  if (!bucket) return null;
  const key = backupKeyOf(env);
  const today = `${BACKUP_PREFIX}${now.toISOString().slice(0, 10)}`;
  if (!force && (await bucket.list({ prefix: today, limit: 1 })).objects.length > 0) return null;
  const dump = await dumpDatabase(env, now, { oneBatchRows, pageRows });
  const file = await sealDump(dump, key);
  const name = backupKeyName(now);
  await bucket.put(name, file, {
    httpMetadata: { contentType: 'application/octet-stream' },
    customMetadata: { format: dump.format, version: String(dump.version), createdAt: dump.createdAt },
  });
  const deleted = await pruneBackups(bucket, now, retentionDaysOf(env));
  return {
    key: name,
    bytes: file.byteLength,
    tables: dump.tables.length,
    rows: dump.tables.reduce((n, t) => n + t.rows.length, 0),
    deleted,
  };
}

/** When a backup was taken, from its key (backupKeyName); null for a key of another shape. */
export function takenAt(key: string): Date | null {
  const m = /^backups\/(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.clinic-backup$/.exec(key);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : null;
}

/** Deletes the backups taken more than `days` days before `now`; answers their keys. */
export async function pruneBackups(bucket: R2Bucket, now: Date, days: number): Promise<string[]> {
  const cutoff = now.getTime() - days * DAY;
  const old: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: BACKUP_PREFIX, cursor });
    for (const object of page.objects) {
      const at = takenAt(object.key) ?? object.uploaded;
      if (at.getTime() < cutoff) old.push(object.key);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  if (old.length > 0) await bucket.delete(old);
  return old;
}
