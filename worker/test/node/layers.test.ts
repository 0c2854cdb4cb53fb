import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const ROUTES = join(import.meta.dirname, '../../src/routes');

/** Every file of src/routes that handles requests: not a repository, a test or a dev-only seeder. */
function routeFiles(dir = ROUTES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    const skip = /\.(repo|test)\.ts$|bench-seed\.ts$/.test(entry.name);
    return entry.name.endsWith('.ts') && !skip ? [path] : [];
  });
}

test('route files keep to HTTP: no SQL builder or table is imported outside the *.repo.ts files', () => {
  const files = routeFiles();
  expect(files.length).toBeGreaterThan(20);
  const offenders = files.filter((file) =>
    /from '(drizzle-orm[^']*|[./]*\/db\/schema)'/.test(readFileSync(file, 'utf8')),
  );
  expect(offenders.map((file) => file.slice(ROUTES.length + 1))).toEqual([]);
});
