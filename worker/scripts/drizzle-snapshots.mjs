#!/usr/bin/env node
// Keeps drizzle-kit in step with the migrations, most of which are written by hand (triggers, FTS5
// tables, partial indexes drizzle cannot express); see migrations/README.md.
//   check (npm run db:check -w worker): fails when the journal misses a migration file, or when
//         `drizzle-kit generate` on the schema as it is would write a migration.
//   sync  (npm run db:sync -w worker): after a hand-written migration, lists every migration file
//         in meta/_journal.json and records the schema as it now is as the last migration's snapshot.
// Both run drizzle-kit on a copy of migrations/ in a temporary folder, never on the real one.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrations = path.join(workerDir, 'migrations');
const meta = path.join(migrations, 'meta');
const journalPath = path.join(meta, '_journal.json');
const drizzleKit = path.resolve(workerDir, '..', 'node_modules', '.bin', 'drizzle-kit');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** The migration files, '0014_budgets_search' → 14, in order. */
function migrationFiles() {
  return readdirSync(migrations)
    .filter((name) => /^\d{4}_.+\.sql$/.test(name))
    .sort()
    .map((name) => ({ tag: name.slice(0, -'.sql'.length), idx: Number(name.slice(0, 4)) }));
}

/** The migration files that meta/_journal.json does not list. */
function unjournaled() {
  const listed = new Set(readJson(journalPath).entries.map((entry) => entry.tag));
  return migrationFiles().filter(({ tag }) => !listed.has(tag));
}

/**
 * Runs `drizzle-kit generate` on a copy of migrations/ and answers what it would have written:
 * the SQL of a new migration and the snapshot beside it, or null when the schema is in step.
 */
function generateOnCopy() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'clinic-drizzle-'));
  try {
    const out = path.join(scratch, 'migrations');
    cpSync(migrations, out, { recursive: true });
    const before = new Set(readdirSync(out));
    const res = spawnSync(
      drizzleKit,
      // --out relative: drizzle-kit puts './' before it.
      [
        'generate',
        '--dialect',
        'sqlite',
        '--schema',
        './src/db/schema.ts',
        '--out',
        path.relative(workerDir, out),
        '--name',
        'drift',
      ],
      // No terminal: a question (a rename?) ends the run instead of waiting for an answer.
      { cwd: workerDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
    );
    // drizzle-kit may print an error and still exit 0, on either stream (a broken snapshot chain
    // is reported on stdout): any error fails the run rather than reading as "in step".
    if (res.status !== 0 || /Error/.test(res.stderr) || /Error/.test(res.stdout)) {
      throw new Error(`drizzle-kit generate failed (${res.status}):\n${res.stdout}${res.stderr}`);
    }
    const written = readdirSync(out).find((name) => !before.has(name) && name.endsWith('.sql'));
    if (!written) return null;
    const snapshot = readdirSync(path.join(out, 'meta'))
      .filter((name) => name.endsWith('_snapshot.json'))
      .sort()
      .at(-1);
    return {
      sql: readFileSync(path.join(out, written), 'utf8'),
      snapshot: readJson(path.join(out, 'meta', String(snapshot))),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function check() {
  const missing = unjournaled();
  if (missing.length > 0) {
    console.error(
      `migrations/meta/_journal.json does not list ${missing.map((m) => m.tag).join(', ')}: run \`npm run db:sync -w worker\` (migrations/README.md).`,
    );
    process.exit(1);
  }
  const drift = generateOnCopy();
  if (drift) {
    console.error(
      `drizzle-kit generate would write a migration: src/db/schema.ts and migrations/meta are out of step. If a hand-written migration already makes this change, run \`npm run db:sync -w worker\`; if not, write the migration (migrations/README.md). It would write:\n${drift.sql}`,
    );
    process.exit(1);
  }
  console.log('drizzle-kit: the schema, the migrations and their snapshots are in step.');
}

function sync() {
  const journal = readJson(journalPath);
  for (const { tag, idx } of unjournaled()) {
    journal.entries.push({ idx, version: '6', when: Date.now(), tag, breakpoints: true });
  }
  journal.entries.sort((a, b) => a.idx - b.idx);
  writeJson(journalPath, journal);

  const drift = generateOnCopy();
  if (!drift) {
    console.log('drizzle-kit: the snapshots were in step already; the journal lists every migration.');
    return;
  }
  // The schema after the last migration is that migration's snapshot, chained to the one before.
  const last = journal.entries.at(-1);
  const target = path.join(meta, `${String(last.idx).padStart(4, '0')}_snapshot.json`);
  const snapshot = existsSync(target)
    ? { ...drift.snapshot, id: readJson(target).id, prevId: readJson(target).prevId }
    : drift.snapshot;
  writeJson(target, snapshot);
  console.log(`drizzle-kit: wrote ${path.relative(workerDir, target)}, the schema as of ${last.tag}.`);
}

const mode = process.argv[2];
if (mode === 'check') check();
else if (mode === 'sync') sync();
else {
  console.error('Usage: node scripts/drizzle-snapshots.mjs check|sync');
  process.exit(2);
}
