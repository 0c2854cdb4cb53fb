#!/usr/bin/env node
// The backup figures at bench scale: the API bench's database (100,000 patients, 200,000 turns,
// 50,000 budgets, their records; bench/.data/api-search, seeded or topped up here) backed up by the
// worker's own backup code (services/backup) against that local D1 through wrangler's platform
// proxy, written to the local BACKUPS bucket as the job writes it (a page of rows a frame, an R2
// multipart upload in parts of 8 MiB); then restored into an empty libSQL file by the restore
// command's code, a frame at a time. Prints the backup's time, its size and parts, its rows a
// second, and the restore's time.
//
// `npm run bench -- backup` runs it as a section of bench.mjs; `node bench/backup.mjs` alone
// updates results.backup. `--scale=0.05` backs up the API bench's smaller database instead
// (bench/.data/api-search-scale-0.05), to check it quickly; results.backup keeps full-scale runs only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { getPlatformProxy } from 'wrangler';
import { dataName, scale, seedAll } from './api.mjs';
import { ROOT, round1, startWorker, writeSection } from './lib.mjs';

export const BACKUP_BENCH = {
  /** The scheduled run has minutes (a Cron Trigger's wall time); the backup should take far less. */
  maxBackupSeconds: 60,
  /**
   * The job holds one page of rows, its frame and one part at a time (a Worker has 128 MB): the
   * largest of them must stay well under that, however many rows the database holds.
   */
  maxHeldMB: 32,
};

const MB = 1024 * 1024;

/** Seeds (or tops up) the bench database, measures a backup and a restore: a bench.mjs section. */
export async function measureBackup() {
  const worker = await startWorker(dataName());
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
    // `--paged`: read table by table in pages even when the database would fit one batch, the way
    // a database past ONE_BATCH_ROWS (the bench's, at full scale) is read.
    const paged = process.argv.includes('--paged');
    const result = await backup.runBackup(env, new Date(), {
      force: true,
      ...(paged ? { oneBatchRows: 0 } : {}),
    });
    const backupMs = performance.now() - started;
    const object = await env.BACKUPS.get(result.key);
    const file = new Uint8Array(await object.arrayBuffer());
    await env.BACKUPS.delete(result.key);
    // The largest frame the job sealed: with the part buffer, what it held at most.
    let largestFrame = 0;
    const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    for (let at = format.BACKUP_MAGIC_FRAMED.length; at < file.length; ) {
      const length = view.getUint32(at);
      largestFrame = Math.max(largestFrame, length);
      at += 4 + length;
    }

    // `--no-restore`: the backup's figures only.
    let restoreMs = Number.NaN;
    let restoredTurns = Number.NaN;
    if (!process.argv.includes('--no-restore')) {
      const client = createClient({ url: `file:${join(dir, 'restored.db')}` });
      const restoreStarted = performance.now();
      await restore.restoreIntoLibsql(client, format.openChunks(file, format.LOCAL_BACKUP_KEY));
      restoreMs = performance.now() - restoreStarted;
      restoredTurns = Number((await client.execute('SELECT count(*) AS n FROM turns')).rows[0]?.n);
      client.close();
    }

    const figures = {
      scale: scale(),
      patients: seeded.patients,
      turns: seeded.turns,
      budgets: seeded.budgets,
      tables: result.tables,
      rows: result.rows,
      backupSeconds: round1(backupMs / 1000),
      rowsPerSecond: Math.round(result.rows / (backupMs / 1000)),
      encryptedMB: round1(result.bytes / MB),
      parts: result.parts,
      partMB: round1(backup.PART_BYTES / MB),
      largestFrameMB: round1(largestFrame / MB),
      restoreSeconds: round1(restoreMs / 1000),
      restoredTurns,
      paged: result.rows > backup.ONE_BATCH_ROWS || paged,
      limits: BACKUP_BENCH,
      measuredAt: new Date().toISOString(),
    };
    // At most one part, one frame and the page of rows behind it (about 10 times its frame) at once.
    const heldMB = figures.partMB + 11 * figures.largestFrameMB;
    const over = figures.backupSeconds > BACKUP_BENCH.maxBackupSeconds || heldMB > BACKUP_BENCH.maxHeldMB;
    const lines = [
      {
        text: `backup at ${figures.scale === 1 ? 'bench scale' : `scale ${figures.scale}`} (${figures.rows.toLocaleString('en')} rows in ${figures.tables} tables, ${figures.paged ? 'read in pages' : 'one batch'}): ${figures.backupSeconds} s (${figures.rowsPerSecond.toLocaleString('en')} rows/s), ${figures.encryptedMB} MB encrypted in ${figures.parts} part(s) of ${figures.partMB} MB, largest frame ${figures.largestFrameMB} MB (budget ${BACKUP_BENCH.maxBackupSeconds} s, ${BACKUP_BENCH.maxHeldMB} MB held)${over ? '  OVER BUDGET' : ''}`,
        over,
      },
      {
        text: Number.isNaN(restoreMs)
          ? 'restore not run (--no-restore)'
          : `restore of that backup into an empty libSQL file, a frame at a time, search index rebuilt: ${figures.restoreSeconds} s (${restoredTurns.toLocaleString('en')} turns)`,
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
  if (figures.scale === 1) writeSection('backup', figures);
}
