/**
 * The backup's file format, shared by the worker (which writes it) and the restore command
 * (worker/scripts/restore.mjs, which reads it in Node). Plain TypeScript without imports, so Node
 * runs it as is.
 *
 * A backup file is `CLINICBK1` (9 bytes), a 12-byte IV, then AES-GCM (256-bit key: SHA-256 of the
 * BACKUP_KEY secret) over the gzip of one JSON document, a Dump: every table's schema and rows,
 * read in one transaction. The FTS5 search tables are not in it (SQLite cannot export their
 * shadow tables as rows, and they are derived data): only their CREATE statement, and the restore
 * rebuilds them from the restored tables.
 */

export const BACKUP_MAGIC = 'CLINICBK1';
export const BACKUP_FORMAT = 'clinic-backup';
export const BACKUP_VERSION = 1;

/** One row of sqlite_master the restore recreates. */
export interface SchemaEntry {
  type: 'table' | 'index' | 'trigger' | 'view';
  name: string;
  tbl_name: string;
  sql: string;
}

/**
 * A cell as SQLite's own `quote()` writes it: a SQL literal (NULL, 42, 0.5, 'text', X'0aff'). Exact
 * for integers beyond 2^53, which a JSON number would round, and for BLOBs.
 */
export type Cell = string;

export interface TableDump {
  name: string;
  /** The stored columns (generated columns are left out: SQLite computes them again). */
  columns: string[];
  /** Whether the first cell of each row is the rowid (a rowid table without an INTEGER PRIMARY KEY). */
  rowid: boolean;
  rows: Cell[][];
}

export interface Dump {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** Read in one transaction (true), or table by table in pages (a database too large for one). */
  consistent: boolean;
  schema: SchemaEntry[];
  tables: TableDump[];
  /** sqlite_sequence: each AUTOINCREMENT table's last id, so restored ids are never reused. */
  sequences: { name: string; seq: number }[];
  /** The FTS5 tables left out, rebuilt by the restore. */
  searchTables: string[];
}

/**
 * How each FTS5 table is filled again from the restored tables. `users_search` keeps its text in
 * `users` (external content), so FTS5 rebuilds it itself; `budgets_search` holds its own copy, filled
 * as its migration (0014) fills it. A dump with a search table not listed here is refused.
 */
export const SEARCH_REBUILDS: Record<string, string> = {
  users_search: "INSERT INTO `users_search`(`users_search`) VALUES ('rebuild');",
  budgets_search:
    'INSERT INTO `budgets_search`(rowid, patient_name, document, status, budget_id) ' +
    "SELECT b.`search_key`, u.`search_name`, u.`document`, CASE WHEN b.`paid` THEN 'settled' ELSE 'pending' END, b.`id` " +
    'FROM `budgets` b JOIN `patients` p ON p.`id` = b.`patient_id` JOIN `users` u ON u.`id` = p.`user_id`;',
};

/** FTS5's own tables behind a virtual table `name`. */
const FTS_SHADOWS = ['data', 'idx', 'content', 'docsize', 'config'];

/** Tables SQLite or D1 keep for themselves: never dumped as rows nor recreated. */
export const isInternalTable = (name: string): boolean =>
  name.startsWith('sqlite_') || name.startsWith('_cf_') || name.startsWith('__');

export const isVirtual = (entry: { sql: string | null }): boolean =>
  /^\s*create\s+virtual\s+table/i.test(entry.sql ?? '');

/** The shadow tables of the given FTS5 tables. */
export const isShadowOf = (name: string, virtualTables: string[]): boolean =>
  virtualTables.some((vt) => FTS_SHADOWS.some((suffix) => name === `${vt}_${suffix}`));

/** `text` as a quoted SQLite identifier. */
export const ident = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** A JS value as a SQL literal (the names and counters of sqlite_sequence). */
function literal(value: string | number): string {
  return typeof value === 'number' ? String(Math.trunc(value)) : `'${value.replaceAll("'", "''")}'`;
}

/** Rows per INSERT: D1 takes statements up to 100 KB; the restore keeps each well under it. */
const MAX_INSERT_CHARS = 50_000;

/**
 * The SQL that recreates a dump in an empty SQLite database (D1 or libSQL): the tables, their rows,
 * the AUTOINCREMENT counters, then the indexes, the search tables (rebuilt), the triggers and the
 * views. Triggers come after the rows, so restoring fires none of them (no counter counts twice).
 */
export function restoreStatements(dump: Dump): string[] {
  if (dump.format !== BACKUP_FORMAT || dump.version !== BACKUP_VERSION)
    throw new Error(`not a ${BACKUP_FORMAT} version ${BACKUP_VERSION} dump`);
  const unknown = dump.searchTables.filter((name) => !SEARCH_REBUILDS[name]);
  if (unknown.length > 0)
    throw new Error(`the dump has search tables this restore cannot rebuild: ${unknown.join(', ')}`);
  const out: string[] = ['PRAGMA defer_foreign_keys = on;'];
  const of = (type: SchemaEntry['type'], virtual = false) =>
    dump.schema.filter((entry) => entry.type === type && isVirtual(entry) === virtual);
  for (const table of of('table')) out.push(`${table.sql};`);
  for (const table of dump.tables) {
    const columns = [...(table.rowid ? ['rowid'] : []), ...table.columns].map(ident).join(', ');
    const head = `INSERT INTO ${ident(table.name)} (${columns}) VALUES `;
    let values: string[] = [];
    let size = head.length;
    const flush = () => {
      if (values.length > 0) out.push(`${head}${values.join(', ')};`);
      values = [];
      size = head.length;
    };
    for (const row of table.rows) {
      const tuple = `(${row.join(', ')})`;
      if (size + tuple.length > MAX_INSERT_CHARS) flush();
      values.push(tuple);
      size += tuple.length + 2;
    }
    flush();
  }
  for (const { name, seq } of dump.sequences) {
    out.push(`DELETE FROM sqlite_sequence WHERE name = ${literal(name)};`);
    out.push(`INSERT INTO sqlite_sequence (name, seq) VALUES (${literal(name)}, ${literal(seq)});`);
  }
  for (const index of of('index')) out.push(`${index.sql};`);
  for (const table of of('table', true)) {
    out.push(`${table.sql};`);
    const rebuild = SEARCH_REBUILDS[table.name];
    if (rebuild) out.push(rebuild);
  }
  for (const trigger of of('trigger')) out.push(`${trigger.sql};`);
  for (const view of of('view')) out.push(`${view.sql};`);
  return out;
}

const enc = new TextEncoder();

async function keyOf(secret: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest('SHA-256', enc.encode(secret));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

async function through(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const piped = new Response(bytes).body?.pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** A dump as a backup file: gzip, then AES-GCM with a fresh IV under the key made from `secret`. */
export async function sealDump(dump: Dump, secret: string): Promise<Uint8Array> {
  const zipped = await through(enc.encode(JSON.stringify(dump)), new CompressionStream('gzip'));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await keyOf(secret), zipped as BufferSource),
  );
  const magic = enc.encode(BACKUP_MAGIC);
  const file = new Uint8Array(magic.length + iv.length + sealed.length);
  file.set(magic, 0);
  file.set(iv, magic.length);
  file.set(sealed, magic.length + iv.length);
  return file;
}

/** A backup file's dump; throws when it is not one or the key is not the one it was written with. */
export async function openDump(file: Uint8Array, secret: string): Promise<Dump> {
  const magic = enc.encode(BACKUP_MAGIC);
  if (file.length < magic.length + 12 + 16 || !magic.every((byte, i) => file[i] === byte))
    throw new Error('not a Clinic backup file');
  const iv = file.slice(magic.length, magic.length + 12);
  let zipped: Uint8Array;
  try {
    zipped = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv },
        await keyOf(secret),
        file.slice(magic.length + 12) as BufferSource,
      ),
    );
  } catch {
    throw new Error('the backup key is not the one this backup was written with (or the file is damaged)');
  }
  const dump = JSON.parse(new TextDecoder().decode(await through(zipped, new DecompressionStream('gzip'))));
  if (dump?.format !== BACKUP_FORMAT) throw new Error('not a Clinic backup file');
  return dump as Dump;
}

/** The key local runs (ENVIRONMENT=local) use when BACKUP_KEY is not set; never a deployment's. */
export const LOCAL_BACKUP_KEY = 'local-only-backup-key-never-used-when-deployed-0001';
