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
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LOCAL_BACKUP_KEY, openDump, restoreStatements } from '../src/services/backup/format.ts';

const workerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The user tables of a libSQL database (empty: none). */
async function userTables(client) {
  const { rows } = await client.execute(
    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'",
  );
  return rows.map((row) => String(row.name));
}

/**
 * Restores `dump` into the libSQL database `client`, which must be empty, in one transaction
 * (its foreign keys checked at the end). Answers the number of statements run.
 */
export async function restoreIntoLibsql(client, dump) {
  const existing = await userTables(client);
  if (existing.length > 0)
    throw new Error(
      `the target database is not empty (it has ${existing.slice(0, 3).join(', ')}…): restore into a new one`,
    );
  const statements = restoreStatements(dump);
  await client.executeMultiple(['BEGIN;', ...statements, 'COMMIT;'].join('\n'));
  return statements.length;
}

/** The backup file at `file`, opened with `key`. */
export async function readBackup(file, key) {
  return openDump(new Uint8Array(readFileSync(file)), key);
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
  let dump;
  try {
    dump = await readBackup(path.resolve(file), key);
  } catch (err) {
    fail(err.message);
  }
  const rows = dump.tables.reduce((n, t) => n + t.rows.length, 0);
  console.log(`backup of ${dump.createdAt}: ${dump.tables.length} tables, ${rows} rows`);
  const statements = restoreStatements(dump);

  if (sqlOut) {
    writeFileSync(path.resolve(sqlOut), `${statements.join('\n')}\n`);
    console.log(`wrote ${statements.length} statements to ${sqlOut}`);
    return;
  }
  if (to === 'd1-local') {
    const dir = mkdtempSync(path.join(tmpdir(), 'clinic-restore-'));
    try {
      const sqlFile = path.join(dir, 'restore.sql');
      writeFileSync(sqlFile, `${statements.join('\n')}\n`);
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
    console.log('restored into the local D1 database; the search index is rebuilt');
    return;
  }
  const { createClient } = await import('@libsql/client');
  const client = createClient({ url: to, authToken: process.env.LIBSQL_AUTH_TOKEN });
  try {
    const count = await restoreIntoLibsql(client, dump);
    console.log(`restored into ${to} (${count} statements); the search index is rebuilt`);
  } catch (err) {
    fail(err.message);
  } finally {
    client.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
