#!/usr/bin/env node
// `npm run backup:restore -- <backup file> --to <target>`: restores one of the worker's encrypted
// backups (services/backup) into an EMPTY database and rebuilds the search index.
//
//   --to file:restored.db            a local libSQL/SQLite file
//   --to libsql://<db>.turso.io      a Turso database (LIBSQL_AUTH_TOKEN in the environment)
//   --to d1-local                    the local D1 database of `npm start` (worker/.wrangler/state);
//                                    `--persist-to DIR` for another wrangler state folder
//   --sql restore.sql                only write the SQL, e.g. for
//                                    `npx wrangler d1 execute DB --remote --env production --file=restore.sql`
//
// The key is the BACKUP_KEY the worker wrote it with, from the environment; `--local-key` takes the
// fixed key of local runs instead. Fetch a backup first with
// `npx wrangler r2 object get clinic-backups-production/backups/<name> --file=<name> --remote`.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  chunksOfDump,
  LOCAL_BACKUP_KEY,
  openChunks,
  openDump,
  restoreStatementsOf,
} from '../src/services/backup/format.ts';

const workerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The user tables of a libSQL database (empty: none). */
async function userTables(client) {
  const { rows } = await client.execute(
    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'",
  );
  return rows.map((row) => String(row.name));
}

/** A whole dump's chunks, or a backup's as they are opened. */
async function* chunksOf(source) {
  if (Symbol.asyncIterator in source) yield* source;
  else yield* chunksOfDump(source);
}

/**
 * Restores a backup into the libSQL database `client`, which must be empty, in one transaction
 * (its foreign keys checked at the end), a frame at a time: `source` is a whole dump or a
 * backup's chunks (`openBackup`). Answers the number of statements run.
 */
export async function restoreIntoLibsql(client, source) {
  const existing = await userTables(client);
  if (existing.length > 0)
    throw new Error(
      `the target database is not empty (it has ${existing.slice(0, 3).join(', ')}…): restore into a new one`,
    );
  const tx = await client.transaction('write');
  let count = 0;
  try {
    for await (const statements of restoreStatementsOf(chunksOf(source))) {
      if (statements.length === 0) continue;
      await tx.executeMultiple(statements.join('\n'));
      count += statements.length;
    }
    await tx.commit();
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
  return count;
}

/** The backup file at `file`, opened with `key`, as a whole dump (small backups, tests). */
export async function readBackup(file, key) {
  return openDump(new Uint8Array(readFileSync(file)), key);
}

/** The backup file at `file`, opened with `key` a frame at a time. */
export function openBackup(file, key) {
  return openChunks(new Uint8Array(readFileSync(file)), key);
}

/** Writes the restore's SQL to `sqlFile` a frame at a time; answers the statements and rows. */
async function writeRestoreSql(chunks, sqlFile) {
  const fd = openSync(sqlFile, 'w');
  let statements = 0;
  try {
    for await (const group of restoreStatementsOf(chunks)) {
      if (group.length > 0) writeSync(fd, `${group.join('\n')}\n`);
      statements += group.length;
    }
  } finally {
    closeSync(fd);
  }
  return statements;
}

/** Notes the header and the rows of a backup's chunks as they go by, for the command's summary. */
function counting(chunks, seen) {
  return (async function* () {
    for await (const chunk of chunks) {
      if (chunk.kind === 'header') {
        seen.createdAt = chunk.header.createdAt;
        seen.tables = chunk.header.tables.length;
        console.log(`backup of ${seen.createdAt}: ${seen.tables} tables`);
      }
      if (chunk.kind === 'end') seen.rows = Object.values(chunk.rows).reduce((n, r) => n + r, 0);
      yield chunk;
    }
  })();
}

function argValue(args, name) {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

async function main() {
  const args = process.argv.slice(2);
  const fail = (message) => {
    console.error(`backup:restore: ${message}`);
    process.exit(1);
  };
  const file = args.find(
    (a, i) => !a.startsWith('-') && !['--to', '--sql', '--persist-to'].includes(args[i - 1]),
  );
  const to = argValue(args, '--to');
  const sqlOut = argValue(args, '--sql');
  if (!file || (!to && !sqlOut))
    fail(
      'usage: npm run backup:restore -- <backup file> --to <file:x.db | libsql://… | d1-local> (or --sql out.sql)',
    );
  const key = args.includes('--local-key') ? LOCAL_BACKUP_KEY : process.env.BACKUP_KEY;
  if (!key) fail('set BACKUP_KEY to the key the backup was written with (or --local-key for a local backup)');
  const seen = { createdAt: '', tables: 0, rows: 0 };
  const chunks = () => counting(openBackup(path.resolve(file), key), seen);

  if (sqlOut) {
    try {
      const count = await writeRestoreSql(chunks(), path.resolve(sqlOut));
      console.log(`${seen.rows} rows: wrote ${count} statements to ${sqlOut}`);
    } catch (err) {
      fail(err.message);
    }
    return;
  }
  if (to === 'd1-local') {
    const dir = mkdtempSync(path.join(tmpdir(), 'clinic-restore-'));
    try {
      const sqlFile = path.join(dir, 'restore.sql');
      try {
        await writeRestoreSql(chunks(), sqlFile);
      } catch (err) {
        fail(err.message);
      }
      const persist = argValue(args, '--persist-to');
      const res = spawnSync(
        path.join(workerDir, '..', 'node_modules', '.bin', 'wrangler'),
        [
          'd1',
          'execute',
          'DB',
          '--local',
          `--file=${sqlFile}`,
          ...(persist ? ['--persist-to', path.resolve(persist)] : []),
        ],
        { cwd: workerDir, stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
      );
      if (res.status !== 0) fail('wrangler d1 execute failed (is the local database empty? see above)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`restored ${seen.rows} rows into the local D1 database; the search index is rebuilt`);
    return;
  }
  const { createClient } = await import('@libsql/client');
  const client = createClient({ url: to, authToken: process.env.LIBSQL_AUTH_TOKEN });
  try {
    const count = await restoreIntoLibsql(client, chunks());
    console.log(`restored ${seen.rows} rows into ${to} (${count} statements); the search index is rebuilt`);
  } catch (err) {
    fail(err.message);
  } finally {
    client.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
