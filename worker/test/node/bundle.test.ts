import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { buildWorkerBundle } from '../../../bench/worker-bundle.mjs';

const build: (outdir: string, entry?: string) => string[] = buildWorkerBundle;

/** The folder of the local-only code (dev routes, demo data, bench seeds, rows-read counter). */
const LOCAL = join(import.meta.dirname, '..', '..', 'src', 'local');

/**
 * Code that only the local dev entry may carry: the demo seed, the demo accounts' passwords and the
 * clinic's seeded records, the bench data, the dev router's handlers and declarations. (The demo
 * people and clinic ship: the API description's examples show them.)
 */
const DEV_ONLY = [
  'seedDemo',
  'seedDemoMedicOnly',
  'seedBenchPatients',
  'seedBenchTurns',
  'seedBenchBudgets',
  'Medic2026',
  'Patient2026',
  'Wisdom tooth extracted, sutures placed.',
  'query("total")',
  'query("scope")',
];

const dirs: string[] = [];
/** The gzip KB of each bundle built, as bench/worker-bundle.mjs counts it (file by file). */
const gzipKB: Record<string, number> = {};
/** The worker source files each bundle was built from (its source map's sources), relative to src/local. */
const localSources: Record<string, string[]> = {};
function bundleOf(entry?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-bundle-test-'));
  dirs.push(dir);
  const files = build(dir, entry);
  gzipKB[entry ?? 'production'] = files.reduce((n, f) => n + gzipSync(readFileSync(f)).length, 0) / 1024;
  localSources[entry ?? 'production'] = files.flatMap((f) => {
    if (!existsSync(`${f}.map`)) return [];
    const map = JSON.parse(readFileSync(`${f}.map`, 'utf8')) as { sources: string[] };
    return map.sources
      .map((source) => resolve(dir, source))
      .filter((source) => source.startsWith(`${LOCAL}/`))
      .map((source) => source.slice(LOCAL.length + 1));
  });
  return files.map((f) => readFileSync(f, 'utf8')).join('\n');
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the production bundle (wrangler deploy --dry-run)', () => {
  const production = bundleOf();
  const dev = bundleOf('src/index.dev.ts');

  test('holds the API', () => {
    for (const s of ['/password', '/patients', 'enforceAccess']) expect(production).toContain(s);
  });

  test('holds no dev route and no seeding code', () => {
    expect(DEV_ONLY.filter((s) => production.includes(s))).toEqual([]);
  });

  test('the dev entry, built the same way, does hold them (the check can see them)', () => {
    expect(DEV_ONLY.filter((s) => !dev.includes(s))).toEqual([]);
  });

  test('holds no module of src/local (the local-only folder)', () => {
    expect(localSources.production).toEqual([]);
  });

  test('the dev entry holds every module of src/local (the check can see them)', () => {
    const modules = readdirSync(LOCAL, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    expect(modules.length).toBeGreaterThan(8);
    expect(new Set(localSources['src/index.dev.ts'])).toEqual(new Set(modules));
  });

  test("docs/deploy.md's bundle figure is the bench's, within 10%", () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'deploy.md'), 'utf8');
    const figure = Number(/<!-- bundle -->([\d.]+) KB gzip<!-- \/bundle -->/.exec(doc)?.[1]);
    const measured = gzipKB.production ?? Number.NaN;
    expect(
      figure,
      `docs/deploy.md says ${figure} KB; the bundle is ${measured.toFixed(1)} KB gzip`,
    ).toBeGreaterThan(measured * 0.9);
    expect(figure).toBeLessThan(measured * 1.1);
  });
});
