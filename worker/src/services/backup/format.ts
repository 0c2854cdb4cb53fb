/**
 * The backup's file format, shared by the worker (which writes it) and the restore command
 * (worker/scripts/restore.mjs, which reads it in Node). Plain TypeScript without imports, so Node
 * runs it as is.
 *
 * A backup file is `CLINICBK2` (9 bytes) then frames, each sealed on its own so the worker writes
 * the file as it reads the database and the restore reads it a frame at a time (neither ever holds
 * the whole dump): a frame is its length (4 bytes, big-endian), a 12-byte IV, then AES-GCM
 * (256-bit key: SHA-256 of the BACKUP_KEY secret) over the gzip of one JSON Chunk. The first frame
 * is the header (the schema and the tables), then pages of one table's rows, then the end (the
 * AUTOINCREMENT counters and each table's row count). Each frame's place is sealed with it (its
 * number, and whether it is the last, as AES-GCM's additional data), so frames cannot be
 * reordered, dropped or cut off without the restore refusing the file.
 *
 * An older backup, `CLINICBK1`, is one sealed gzip of the whole Dump; the restore still reads it.
 * The FTS5 search tables are in neither (SQLite cannot export their shadow tables as rows, and they
 * are derived data): only their CREATE statement, and the restore rebuilds them from the restored
 * tables.
 */

/** The one-document file of the first backups (read, no longer written). */
export const BACKUP_MAGIC = 'CLINICBK1';
/** The framed file the backup job writes. */
export const BACKUP_MAGIC_FRAMED = 'CLINICBK2';
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

/** A table of a dump without its rows: what its INSERTs need. */
export type TableShape = Omit<TableDump, 'rows'>;

/** A dump's header: everything but the rows and the counters, written first. */
export type DumpHeader = Omit<Dump, 'tables' | 'sequences'> & { tables: TableShape[] };

/** One frame's content in a framed backup file. */
export type Chunk =
  | { kind: 'header'; header: DumpHeader }
  | { kind: 'rows'; table: string; rows: Cell[][] }
  | { kind: 'end'; sequences: Dump['sequences']; rows: Record<string, number> };

/** The schema part of a restore: the tables, created empty (refuses a dump it cannot restore). */
export function schemaStatements(header: DumpHeader | Dump): string[] {
  if (header.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION)
    throw new Error(`not a ${BACKUP_FORMAT} version ${BACKUP_VERSION} dump`);
  const unknown = header.searchTables.filter((name) => !SEARCH_REBUILDS[name]);
  if (unknown.length > 0)
    throw new Error(`the dump has search tables this restore cannot rebuild: ${unknown.join(', ')}`);
  const out: string[] = ['PRAGMA defer_foreign_keys = on;'];
  for (const table of header.schema.filter((e) => e.type === 'table' && !isVirtual(e)))
    out.push(`${table.sql};`);
  return out;
}

/** INSERTs of some of a table's rows, each statement well under D1's statement size. */
export function rowStatements(table: TableShape, rows: Cell[][]): string[] {
  const out: string[] = [];
  const columns = [...(table.rowid ? ['rowid'] : []), ...table.columns].map(ident).join(', ');
  const head = `INSERT INTO ${ident(table.name)} (${columns}) VALUES `;
  let values: string[] = [];
  let size = head.length;
  const flush = () => {
    if (values.length > 0) out.push(`${head}${values.join(', ')};`);
    values = [];
    size = head.length;
  };
  for (const row of rows) {
    const tuple = `(${row.join(', ')})`;
    if (size + tuple.length > MAX_INSERT_CHARS) flush();
    values.push(tuple);
    size += tuple.length + 2;
  }
  flush();
  return out;
}

/**
 * The end of a restore, after the rows: the AUTOINCREMENT counters, then the indexes, the search
 * tables (rebuilt), the triggers and the views. Triggers come after the rows, so restoring fires
 * none of them (no counter counts twice).
 */
export function finishStatements(header: DumpHeader | Dump, sequences: Dump['sequences']): string[] {
  const out: string[] = [];
  const of = (type: SchemaEntry['type'], virtual = false) =>
    header.schema.filter((entry) => entry.type === type && isVirtual(entry) === virtual);
  for (const { name, seq } of sequences) {
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

/**
 * The SQL that recreates a dump in an empty SQLite database (D1 or libSQL): the tables, their rows,
 * then the counters, indexes, search tables, triggers and views (finishStatements).
 */
export function restoreStatements(dump: Dump): string[] {
  return [
    ...schemaStatements(dump),
    ...dump.tables.flatMap((table) => rowStatements(table, table.rows)),
    ...finishStatements(dump, dump.sequences),
  ];
}

/**
 * A restore a frame at a time: the groups of statements to run in order, from a backup's chunks.
 * Refuses a backup whose rows do not add up to the counts its end holds, or that has no end.
 */
export async function* restoreStatementsOf(chunks: AsyncIterable<Chunk>): AsyncGenerator<string[]> {
  let header: DumpHeader | null = null;
  const shapes = new Map<string, TableShape>();
  const counted = new Map<string, number>();
  for await (const chunk of chunks) {
    if (chunk.kind === 'header') {
      header = chunk.header;
      for (const table of header.tables) shapes.set(table.name, table);
      yield schemaStatements(header);
    } else if (chunk.kind === 'rows') {
      const shape = shapes.get(chunk.table);
      if (!header || !shape) throw new Error(`the backup has rows of an unknown table: ${chunk.table}`);
      counted.set(chunk.table, (counted.get(chunk.table) ?? 0) + chunk.rows.length);
      yield rowStatements(shape, chunk.rows);
    } else {
      if (!header) throw new Error('the backup has no header');
      for (const table of header.tables) {
        const expected = chunk.rows[table.name] ?? 0;
        if ((counted.get(table.name) ?? 0) !== expected)
          throw new Error(
            `the backup is incomplete: ${table.name} has ${counted.get(table.name) ?? 0} of ${expected} rows`,
          );
      }
      yield finishStatements(header, chunk.sequences);
      return;
    }
  }
  throw new Error('the backup is incomplete: it has no end');
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

/** A dump as an older one-document backup file (`CLINICBK1`): kept to test that the restore reads one. */
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

/** An older one-document backup file's dump (`CLINICBK1`). */
async function openWholeDump(file: Uint8Array, secret: string): Promise<Dump> {
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
    throw new Error(WRONG_KEY);
  }
  const dump = JSON.parse(new TextDecoder().decode(await through(zipped, new DecompressionStream('gzip'))));
  if (dump?.format !== BACKUP_FORMAT) throw new Error('not a Clinic backup file');
  return dump as Dump;
}

const WRONG_KEY = 'the backup key is not the one this backup was written with (or the file is damaged)';

/** What a frame's place seals with it: its number, and whether it is the file's last. */
const placeOf = (index: number, last: boolean): Uint8Array =>
  enc.encode(`${BACKUP_MAGIC_FRAMED} ${index}${last ? ' end' : ''}`);

/** Seals chunks one by one into the frames of a framed backup file; the magic comes first. */
export class FrameSealer {
  private index = 0;
  // A plain field, not a parameter property: Node runs this file with its types stripped.
  private readonly key: CryptoKey;
  private constructor(key: CryptoKey) {
    this.key = key;
  }
  static async of(secret: string): Promise<FrameSealer> {
    return new FrameSealer(await keyOf(secret));
  }
  /** The bytes that start the file. */
  readonly magic = enc.encode(BACKUP_MAGIC_FRAMED);
  /** One frame: its length, IV and sealed gzip JSON. The end chunk must be the last one sealed. */
  async seal(chunk: Chunk): Promise<Uint8Array> {
    const zipped = await through(enc.encode(JSON.stringify(chunk)), new CompressionStream('gzip'));
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const additionalData = placeOf(this.index++, chunk.kind === 'end') as BufferSource;
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, this.key, zipped as BufferSource),
    );
    const frame = new Uint8Array(4 + iv.length + sealed.length);
    new DataView(frame.buffer).setUint32(0, iv.length + sealed.length);
    frame.set(iv, 4);
    frame.set(sealed, 4 + iv.length);
    return frame;
  }
}

/** The chunks of a whole dump, as a framed file holds them (`pageRows` rows a chunk). */
export function* chunksOfDump(dump: Dump, pageRows = 10_000): Generator<Chunk> {
  const { tables, sequences, ...rest } = dump;
  yield { kind: 'header', header: { ...rest, tables: tables.map(({ rows: _, ...shape }) => shape) } };
  for (const table of tables)
    for (let i = 0; i < table.rows.length; i += pageRows)
      yield { kind: 'rows', table: table.name, rows: table.rows.slice(i, i + pageRows) };
  yield { kind: 'end', sequences, rows: Object.fromEntries(tables.map((t) => [t.name, t.rows.length])) };
}

const startsWith = (file: Uint8Array, magic: string): boolean => {
  const bytes = enc.encode(magic);
  return file.length >= bytes.length && bytes.every((byte, i) => file[i] === byte);
};

/**
 * A backup file's chunks, opened one frame at a time (an older one-document file: its dump, cut
 * into chunks). Throws when it is not a backup, the key is not the one it was written with, or a
 * frame is damaged, out of place or missing.
 */
export async function* openChunks(file: Uint8Array, secret: string): AsyncGenerator<Chunk> {
  if (startsWith(file, BACKUP_MAGIC)) {
    yield* chunksOfDump(await openWholeDump(file, secret));
    return;
  }
  if (!startsWith(file, BACKUP_MAGIC_FRAMED)) throw new Error('not a Clinic backup file');
  const key = await keyOf(secret);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let at = BACKUP_MAGIC_FRAMED.length;
  for (let index = 0; at < file.length; index++) {
    if (at + 4 + 12 + 16 > file.length) throw new Error('the backup is incomplete: a frame is cut off');
    const length = view.getUint32(at);
    const end = at + 4 + length;
    if (end > file.length) throw new Error('the backup is incomplete: a frame is cut off');
    const iv = file.slice(at + 4, at + 16);
    let zipped: Uint8Array;
    try {
      zipped = new Uint8Array(
        await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv, additionalData: placeOf(index, end === file.length) as BufferSource },
          key,
          file.slice(at + 16, end) as BufferSource,
        ),
      );
    } catch {
      throw new Error(index === 0 ? WRONG_KEY : `the backup is damaged or incomplete at frame ${index}`);
    }
    yield JSON.parse(
      new TextDecoder().decode(await through(zipped, new DecompressionStream('gzip'))),
    ) as Chunk;
    at = end;
  }
}

/** A backup file's whole dump (both formats); throws as openChunks does. */
export async function openDump(file: Uint8Array, secret: string): Promise<Dump> {
  let dump: Dump | null = null;
  const byName = new Map<string, TableDump>();
  for await (const chunk of openChunks(file, secret)) {
    if (chunk.kind === 'header') {
      const { tables, ...rest } = chunk.header;
      dump = { ...rest, tables: tables.map((t) => ({ ...t, rows: [] })), sequences: [] };
      for (const table of dump.tables) byName.set(table.name, table);
    } else if (chunk.kind === 'rows') {
      byName.get(chunk.table)?.rows.push(...chunk.rows);
    } else if (dump) {
      dump.sequences = chunk.sequences;
      for (const table of dump.tables)
        if (table.rows.length !== (chunk.rows[table.name] ?? 0))
          throw new Error(
            `the backup is incomplete: ${table.name} has ${table.rows.length} of ${chunk.rows[table.name]} rows`,
          );
      return dump;
    }
  }
  throw new Error('the backup is incomplete: it has no end');
}

/** The key local runs (ENVIRONMENT=local) use when BACKUP_KEY is not set; never a deployment's. */
export const LOCAL_BACKUP_KEY = 'local-only-backup-key-never-used-when-deployed-0001';
