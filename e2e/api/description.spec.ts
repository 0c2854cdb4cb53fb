import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { threeCalls } from '../../docs/api/client';
import { URLS } from '../ports';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DESCRIPTION = `${URLS.app}/api/openapi.json`;

const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, [`${root}scripts/${script}`, ...args], { cwd: root, encoding: 'utf8' });

// Each linter starts a Node process of its own and reads a 150 KB document on a shared machine.
test.setTimeout(120_000);

test('the served description lints clean: Spectral 0 errors and 0 warnings, Redocly 0 errors and only the explained warnings', () => {
  const lint = run('api-lint.mjs', DESCRIPTION);
  console.log(lint.stdout + lint.stderr);
  expect(lint.stdout).toContain('Spectral (spectral:oas): 0 errors, 0 warnings');
  expect(lint.stdout).toMatch(/Redocly \(recommended\): 0 errors, [0-7] warnings/);
  expect(lint.stderr).toBe('');
  expect(lint.status).toBe(0);
});

test('the committed client types are a fresh generation from the served description', () => {
  const check = run('api-types.mjs', DESCRIPTION, '--check');
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});

test('the typed program signs in, finds a patient by document and reads their turns', async () => {
  const lines = await threeCalls(URLS.app);
  console.log(lines.join('\n'));
  expect(lines[0]).toBe('signed in: Gregory House (Medic)');
  expect(lines[1]).toMatch(/^patient: .+, document 27000000, /);
  expect(lines[2]).toMatch(/^turns: \d+/);
});
