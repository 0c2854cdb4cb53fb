#!/usr/bin/env node
// The backup figures at bench scale: the API bench's database (100,000 patients, 200,000 turns,
// 50,000 budgets, their records; bench/.data/api-search, seeded or topped up here) backed up by the
// worker's own backup code (services/backup) against that local D1 through wrangler's platform
// proxy, written to the local BACKUPS bucket; then restored into an empty libSQL file by the
// restore command's code. Prints the backup's time, its size (encrypted, and the dump before gzip),
// and the restore's time.
//
// `npm run bench -- backup` runs it as a section of bench.mjs; `node bench/backup.mjs` alone
// updates results.backup.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { getPlatformProxy } from 'wrangler';
import { seedAll } from './api.mjs';
import { ROOT, round1, startWorker, writeSection } from './lib.mjs';

export const BACKUP_BENCH = {
  /** The scheduled run has minutes (a Cron Trigger's wall time); the backup should take far less. */
  maxBackupSeconds: 60,
  /** The dump is built in the Worker's memory (128 MB): its JSON must stay well under that. */
  maxDumpMB: 64,
};

const MB = 1024 * 1024;

/** Seeds (or tops up) the bench database, measures a backup and a restore: a bench.mjs section. */
export async function measureBackup() {
  const worker = await startWorker('api-search');
  let seeded;
  try {
    seeded = await seedAll(worker.baseUrl);
  } finally {
    await worker.stop();
  }
  const backup = await tsImport(
    join(ROOT, 'worker', 'src', 'services', 'backup', 'backup.ts'),
    import.meta.url,
  );
  const format = await tsImport(
    join(ROOT, 'worker', 'src', 'services', 'backup', 'format.ts'),
    import.meta.url,
  );
  const restore = await import(pathToFileURL(join(ROOT, 'worker', 'scripts', 'restore.mjs')).href);
  const { createClient } = await import('@libsql/client');

  const proxy = await getPlatformProxy({
    configPath: join(ROOT, 'worker', 'wrangler.jsonc'),
    persist: { path: join(worker.persistTo, 'v3') },
  });
  const dir = mkdtempSync(join(tmpdir(), 'clinic-bench-backup-'));
  try {
    const env = { ...proxy.env, ENVIRONMENT: 'local' };
    const started = performance.now();
    const result = await backup.runBackup(env, new Date(), { force: true });
    const backupMs = performance.now() - started;
    const object = await env.BACKUPS.get(result.key);
    const file = new Uint8Array(await object.arrayBuffer());
    await env.BACKUPS.delete(result.key);
    const dump = await format.openDump(file, format.LOCAL_BACKUP_KEY);
    const dumpBytes = Buffer.byteLength(JSON.stringify(dump));

    const client = createClient({ url: `file:${join(dir, 'restored.db')}` });
    const restoreStarted = performance.now();
    await restore.restoreIntoLibsql(client, dump);
    const restoreMs = performance.now() - restoreStarted;
    client.close();

    const figures = {
      patients: seeded.patients,
      turns: seeded.turns,
      budgets: seeded.budgets,
      tables: result.tables,
      rows: result.rows,
      backupSeconds: round1(backupMs / 1000),
      encryptedMB: round1(result.bytes / MB),
      dumpMB: round1(dumpBytes / MB),
      restoreSeconds: round1(restoreMs / 1000),
      limits: BACKUP_BENCH,
      measuredAt: new Date().toISOString(),
    };
    const over =
      figures.backupSeconds > BACKUP_BENCH.maxBackupSeconds || figures.dumpMB > BACKUP_BENCH.maxDumpMB;
    const lines = [
      {
        text: `backup at bench scale (${figures.rows.toLocaleString('en')} rows in ${figures.tables} tables): ${figures.backupSeconds} s, ${figures.encryptedMB} MB encrypted (dump ${figures.dumpMB} MB before gzip; budget ${BACKUP_BENCH.maxBackupSeconds} s, ${BACKUP_BENCH.maxDumpMB} MB)${over ? '  OVER BUDGET' : ''}`,
        over,
      },
      {
        text: `restore of that backup into an empty libSQL file, search index rebuilt: ${figures.restoreSeconds} s`,
        over: false,
      },
    ];
    return { figures, lines };
  } finally {
    await proxy.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { figures, lines } = await measureBackup();
  for (const line of lines) console.log(line.text);
  writeSection('backup', figures);
}
