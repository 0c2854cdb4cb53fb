import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { devApp } from '../index.dev';
import { declarationsOf } from '../lib/route';

declare global {
  interface ImportMeta {
    glob(pattern: string | string[], options: { eager: true }): Record<string, Record<string, unknown>>;
  }
}

/** Every route file's modules (its tests left out), found by the build: no hand-kept list. */
const MODULES = import.meta.glob(
  ['./*/*.ts', '../local/dev/*.ts', '!./*/*.test.ts', '!./*/*.repo.ts', '!../local/dev/*.test.ts'],
  { eager: true },
);

/** Which file registered each handler (a mounted sub-app keeps its handlers as they are). */
const fileOf = new Map<unknown, string>();
for (const [path, exported] of Object.entries(MODULES)) {
  const file = path.split('/')[1] ?? path;
  for (const value of Object.values(exported)) {
    if (value instanceof Hono) for (const r of value.routes) fileOf.set(r.handler, file);
  }
}

/** The app's route handlers in registration order; middleware (`use`, method ALL) left out. */
const handlers = devApp.routes
  .filter((r) => r.method !== 'ALL')
  .map((r) => ({ key: `${r.method} ${r.path}`, path: r.path, file: fileOf.get(r.handler) ?? 'app' }));

describe('the router', () => {
  test('each resource (the first segment after /api) is handled by the sub-app of one file', () => {
    const files = new Map<string, Set<string>>();
    for (const { path, file } of handlers) {
      const resource = path.split('/').slice(0, 3).join('/');
      files.set(resource, (files.get(resource) ?? new Set()).add(file));
    }
    const shared = [...files]
      .filter(([, inFiles]) => inFiles.size > 1)
      .map(([r, inFiles]) => `${r}: ${[...inFiles]}`);
    expect(shared).toEqual([]);
  });

  test('each method and path is registered once: its handlers stand together', () => {
    const registered: string[] = [];
    for (const { key } of handlers) if (registered.at(-1) !== key) registered.push(key);
    const twice = registered.filter((key, i) => registered.indexOf(key) !== i);
    expect(twice).toEqual([]);
  });

  test('the route files are found without a list: at least the resources mounted today', () => {
    expect(new Set(fileOf.values()).size).toBeGreaterThanOrEqual(23);
  });

  test('every API route the sub-apps register declares itself', () => {
    const declared = declarationsOf(devApp);
    const apiKeys = new Set(handlers.filter(({ file }) => file !== 'app').map(({ key }) => key));
    expect([...apiKeys].filter((key) => !declared.has(key))).toEqual([]);
  });
});
