import type { Client as LibsqlClient } from '@libsql/client/web';
import { type DbBindings, openDb } from '../../db/client';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type Chunk,
  type Dump,
  FrameSealer,
  ident,
  isInternalTable,
  isShadowOf,
  isVirtual,
  LOCAL_BACKUP_KEY,
  type SchemaEntry,
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
  /** A WITHOUT ROWID table's primary key columns, in the key's order (its pages go by them). */
  keys: string[];
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
      keys: [...keys].sort((a, b) => Number(a.pk) - Number(b.pk)).map((c) => String(c.name)),
      cells: selected,
      query: `SELECT ${selected} FROM ${ident(table.name)}${order}`,
    });
  }
  return parentsFirst(client, plans);
}

/**
 * The tables in an order where each comes after the tables its foreign keys point to (as far as
 * there is one; a cycle keeps the schema's order). The restore inserts rows in the dump's order
 * with the foreign keys checked at the end: a child's rows before its parent's would make every
 * parent row look for its children in a table not yet indexed, a pass over the child table per
 * row (users after patients: hours at bench scale).
 */
async function parentsFirst(client: D1Database | LibsqlClient, plans: TablePlan[]): Promise<TablePlan[]> {
  const names = new Set(plans.map((p) => p.name));
  const lists = await readTogether(
    client,
    plans.map((plan) => `PRAGMA foreign_key_list(${ident(plan.name)})`),
  );
  const parents = new Map(
    plans.map((plan, i) => [
      plan.name,
      new Set((lists[i] ?? []).map((fk) => String(fk.table)).filter((t) => t !== plan.name && names.has(t))),
    ]),
  );
  const out: TablePlan[] = [];
  const placed = new Set<string>();
  let left = [...plans];
  while (left.length > 0) {
    const ready = left.filter((plan) => [...(parents.get(plan.name) ?? [])].every((t) => placed.has(t)));
    // A cycle: the first one left goes next, as the schema has it.
    const next = ready.length > 0 ? ready : left.slice(0, 1);
    for (const plan of next) {
      out.push(plan);
      placed.add(plan.name);
    }
    left = left.filter((plan) => !placed.has(plan.name));
  }
  return out;
}

/** Up to this many rows in all, the dump is read in ONE batch (one transaction); beyond, in pages. */
export const ONE_BATCH_ROWS = 100_000;
/** Rows per page of a paged dump, and per frame of the file. */
export const PAGE_ROWS = 5_000;
/** The smallest part R2 takes in a multipart upload (every part but the last; the local bucket too). */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** Bytes per part of the R2 multipart upload (every part but the last the same size). */
export const PART_BYTES = 8 * 1024 * 1024;

const cellsOf = (plan: TablePlan, row: Row): string[] => {
  const width = plan.columns.length + (plan.rowid ? 1 : 0);
  return Array.from({ length: width }, (_, c) => String(row[`c${c}`]));
};

/**
 * One table a page at a time, by its key: the rowid, or a WITHOUT ROWID table's primary key, each
 * page starting after the last key of the one before (quote() writes the key as a SQL literal), so
 * every page costs its own rows and the whole table is read once, however large.
 */
async function* readPaged(
  client: D1Database | LibsqlClient,
  plan: TablePlan,
  pageRows: number,
): AsyncGenerator<string[][]> {
  const keys = plan.withoutRowid ? plan.keys.map(ident) : ['rowid'];
  const keyCells = keys.map((k, i) => `quote(${k}) AS "__k${i}"`).join(', ');
  const tuple = (list: string[]) => (list.length === 1 ? (list[0] as string) : `(${list.join(', ')})`);
  let after: string[] | null = null;
  for (;;) {
    const where = after ? ` WHERE ${tuple(keys)} > ${tuple(after)}` : '';
    const page = await readOne(
      client,
      `SELECT ${keyCells}, ${plan.cells} FROM ${ident(plan.name)}${where} ORDER BY ${keys.join(', ')} LIMIT ${pageRows}`,
    );
    if (page.length > 0) yield page.map((row) => cellsOf(plan, row));
    if (page.length < pageRows) return;
    const lastRow = page[page.length - 1] as Row;
    after = keys.map((_, i) => String(lastRow[`__k${i}`]));
  }
}

/**
 * The dump as chunks, in the order a framed backup file holds them: the header, each table's rows
 * a page at a time, the end. Up to ONE_BATCH_ROWS rows in all, every table is read in one
 * transaction (one D1 batch): the dump is one moment of the database. A larger database is read
 * table by table in pages (D1 has no read transaction across requests, and one batch of it all
 * would not fit a Worker's memory): each page is consistent, the whole is not, so the dump says so
 * (`consistent: false`; a restore of it is still complete). The FTS5 search tables and their
 * shadow tables are left out: the restore rebuilds them.
 */
export async function* dumpChunks(
  env: DbBindings,
  now = new Date(),
  { oneBatchRows = ONE_BATCH_ROWS, pageRows = PAGE_ROWS } = {},
): AsyncGenerator<Chunk> {
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
  const sequenceRows = results[consistent ? plans.length : 0];
  const sequences = hasSequence
    ? (sequenceRows ?? []).map((row) => ({ name: String(row.name), seq: Number(row.seq) }))
    : [];
  const virtualNames = schema.filter(isVirtual).map((v) => v.name);
  const kept = schema.filter(
    (e) => !isInternalTable(e.name) && !isInternalTable(e.tbl_name) && !isShadowOf(e.name, virtualNames),
  );
  yield {
    kind: 'header',
    header: {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      consistent,
      schema: kept.map(({ type, name, tbl_name, sql }) => ({ type, name, tbl_name, sql })),
      tables: plans.map((plan) => ({ name: plan.name, columns: plan.columns, rowid: plan.rowid })),
      searchTables: kept.filter((e) => e.type === 'table' && isVirtual(e)).map((e) => e.name),
    },
  };
  const rows: Record<string, number> = {};
  for (const [i, plan] of plans.entries()) {
    let count = 0;
    if (consistent) {
      // Read together above; handed on a page at a time, and let go of as they go.
      const all = results[i] ?? [];
      results[i] = [];
      for (let at = 0; at < all.length; at += pageRows) {
        const page = all.slice(at, at + pageRows).map((row) => cellsOf(plan, row));
        count += page.length;
        yield { kind: 'rows', table: plan.name, rows: page };
      }
    } else {
      for await (const page of readPaged(client, plan, pageRows)) {
        count += page.length;
        yield { kind: 'rows', table: plan.name, rows: page };
      }
    }
    rows[plan.name] = count;
  }
  yield { kind: 'end', sequences, rows };
}

/** The whole dump in memory (small databases and tests; the backup job streams dumpChunks). */
export async function dumpDatabase(
  env: DbBindings,
  now = new Date(),
  options: { oneBatchRows?: number; pageRows?: number } = {},
): Promise<Dump> {
  let dump: Dump | null = null;
  for await (const chunk of dumpChunks(env, now, options)) {
    if (chunk.kind === 'header') {
      const { tables, ...rest } = chunk.header;
      dump = { ...rest, tables: tables.map((t) => ({ ...t, rows: [] })), sequences: [] };
    } else if (chunk.kind === 'rows') {
      dump?.tables.find((t) => t.name === chunk.table)?.rows.push(...chunk.rows);
    } else if (dump) {
      dump.sequences = chunk.sequences;
    }
  }
  if (!dump) throw new Error('the dump has no header');
  return dump;
}

/**
 * Writes a file to R2 as it is made, in parts of `partBytes` (a multipart upload), holding at most
 * one part in memory; a file that fits one part is one plain put.
 */
class PartWriter {
  private buffer: Uint8Array;
  private filled = 0;
  private upload: R2MultipartUpload | null = null;
  private parts: R2UploadedPart[] = [];
  bytes = 0;
  constructor(
    private readonly bucket: R2Bucket,
    private readonly key: string,
    private readonly options: R2MultipartOptions,
    private readonly partBytes: number,
  ) {
    this.buffer = new Uint8Array(partBytes);
  }
  get partCount(): number {
    return Math.max(1, this.parts.length);
  }
  async write(bytes: Uint8Array): Promise<void> {
    this.bytes += bytes.length;
    let at = 0;
    while (at < bytes.length) {
      const take = Math.min(bytes.length - at, this.partBytes - this.filled);
      this.buffer.set(bytes.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === this.partBytes) await this.flushPart();
    }
  }
  private async flushPart(): Promise<void> {
    this.upload ??= await this.bucket.createMultipartUpload(this.key, this.options);
    const part = this.buffer.slice(0, this.filled);
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, part));
    this.filled = 0;
  }
  async finish(): Promise<void> {
    if (!this.upload) {
      await this.bucket.put(this.key, this.buffer.slice(0, this.filled), this.options);
      return;
    }
    if (this.filled > 0) await this.flushPart();
    await this.upload.complete(this.parts);
  }
  async abort(): Promise<void> {
    await this.upload?.abort().catch(() => undefined);
  }
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
  /** Parts of the R2 upload (1: one plain put). */
  parts: number;
  tables: number;
  rows: number;
  deleted: string[];
}

/**
 * Writes one encrypted backup to BACKUPS as it reads the database (a frame a page, an R2 part
 * every `partBytes`: memory stays bounded and time grows with the rows), then deletes the backups
 * older than the retention. `force` writes one even when today's exists (the drill and the
 * bench); the schedule writes at most one a day. A failure leaves no partial backup behind.
 */
export async function runBackup(
  env: BackupBindings,
  now: Date,
  { force = false, oneBatchRows = ONE_BATCH_ROWS, pageRows = PAGE_ROWS, partBytes = PART_BYTES } = {},
): Promise<BackupResult | null> {
  const bucket = env.BACKUPS;
  if (!bucket) return null;
  const key = backupKeyOf(env);
  const today = `${BACKUP_PREFIX}${now.toISOString().slice(0, 10)}`;
  if (!force && (await bucket.list({ prefix: today, limit: 1 })).objects.length > 0) return null;
  if (partBytes < MIN_PART_BYTES) throw new Error(`a backup's parts are ${MIN_PART_BYTES} bytes at least`);
  const name = backupKeyName(now);
  const writer = new PartWriter(
    bucket,
    name,
    {
      httpMetadata: { contentType: 'application/octet-stream' },
      customMetadata: {
        format: BACKUP_FORMAT,
        version: String(BACKUP_VERSION),
        createdAt: now.toISOString(),
      },
    },
    partBytes,
  );
  const sealer = await FrameSealer.of(key);
  let tables = 0;
  let rows = 0;
  try {
    await writer.write(sealer.magic);
    for await (const chunk of dumpChunks(env, now, { oneBatchRows, pageRows })) {
      if (chunk.kind === 'header') tables = chunk.header.tables.length;
      if (chunk.kind === 'rows') rows += chunk.rows.length;
      await writer.write(await sealer.seal(chunk));
    }
    await writer.finish();
  } catch (err) {
    await writer.abort();
    throw err;
  }
  const deleted = await pruneBackups(bucket, now, retentionDaysOf(env));
  return { key: name, bytes: writer.bytes, parts: writer.partCount, tables, rows, deleted };
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
