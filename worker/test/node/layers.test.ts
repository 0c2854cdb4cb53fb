import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

/** Every TypeScript file of src, as a path relative to it ('auth/session.ts'). */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** Tests (and the suite the repository tests share) may stand on anything: they go through the app. */
const isTest = (file: string): boolean => /\.(test|suite)\.ts$/.test(file);
/** Repositories hold the queries; the local-only code (demo seed, bench data) fills the database itself. */
const holdsQueries = (file: string): boolean => /\.repo\.ts$/.test(file) || file.startsWith('local/');

/**
 * The floors, lowest first: routes stand on auth and services, which stand on db, which stands on
 * lib and the contract. The files at the top of src (the app, its entry points) and local/ (the code
 * only the dev entry carries) stand on all of them; env.ts, the environment's type every floor names,
 * is on none.
 */
const FLOORS: Record<string, number> = {
  contract: 0,
  lib: 1,
  db: 2,
  auth: 3,
  'access-log': 3,
  services: 3,
  routes: 4,
  local: 5,
};
const floorOf = (file: string): number | null => {
  if (file === 'env.ts') return null;
  const top = file.split('/')[0] ?? '';
  return file.includes('/') ? (FLOORS[top] ?? null) : 5;
};

/** Known exceptions, each with its reason. */
const UPWARD_ALLOWED: Record<string, string> = {};

/** The relative imports of a file (static and `import type` alike), as paths relative to src. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(/from '(\.{1,2}\/[^']*)'/g)].map((m) =>
    relative(SRC, join(dirname(join(SRC, file)), m[1] ?? '')),
  );
}

const product = sourceFiles().filter((file) => !isTest(file));

describe("the worker's floors", () => {
  test('every file is on a floor (or is env.ts)', () => {
    expect(product.length).toBeGreaterThan(100);
    expect(product.filter((file) => floorOf(file) === null)).toEqual(['env.ts']);
  });

  test('no file imports from a floor above its own', () => {
    const upward = product.flatMap((file) => {
      const own = floorOf(file);
      if (own === null) return [];
      return importsOf(file)
        .filter((target) => {
          const floor = floorOf(target.endsWith('.ts') ? target : `${target}.ts`);
          return floor !== null && floor > own && UPWARD_ALLOWED[file] !== target.split('/')[0];
        })
        .map((target) => `${file} → ${target}`);
    });
    expect(upward).toEqual([]);
  });

  test('no SQL builder or table outside db/ and the *.repo.ts files (their types may be named)', () => {
    const files = product.filter((file) => !file.startsWith('db/') && !holdsQueries(file));
    expect(files.length).toBeGreaterThan(80);
    const offenders = files.filter((file) =>
      /^import (?!type\b)[^;]*?from '(drizzle-orm[^']*|[./]*\/db\/schema)'/m.test(
        readFileSync(join(SRC, file), 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
