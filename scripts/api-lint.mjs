#!/usr/bin/env node
// `npm run api:lint`: lints the API description a running server serves (default the local
// `npm start` at http://localhost:$PORT, or the URL given) with Spectral (`spectral:oas`, .spectral.yaml)
// and Redocly (`recommended`, redocly.yaml). Both are pinned dev dependencies run from node_modules;
// nothing is fetched but the document, and Redocly sends no telemetry and checks for no update.
// Passes with Spectral at 0 errors and 0 warnings, Redocly at 0 errors and only the warnings
// explained in EXPLAINED below. The end-to-end run calls it on its own server (e2e/platform/api-description.spec.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/**
 * The Redocly warnings the description keeps, and why (README, API). At most four.
 * - no-server-example.com: a local server's document names its own address, http://localhost:<port>;
 *   a deployed one names APP_ORIGIN and has no such warning.
 * - operation-2xx-response, twice: social sign-in's start and callback answer a redirect (302) to
 *   the provider and back to the app, never a 2xx, by the nature of OpenID Connect.
 * - no-ambiguous-paths, twice: `PUT /api/turns/update/{id}` and `DELETE /api/turns/delete/{id}` (the
 *   paths the product has always had) and `PUT /api/turns/{id}/outcome` (a turn's outcome) could
 *   read `/api/turns/update/outcome` and `/api/turns/delete/outcome`; no turn is ever called 'update'
 *   or 'delete', so the worker's router never confuses them. (Redocly names a pair once, when the
 *   later path of the document meets the earlier one; with the paths in the order the routes are
 *   registered, it meets both.)
 * - no-illogical-composition-keywords, twice: a patient's document is a DNI, a passport or a foreign
 *   ID, told apart by `documentType`; the product's original body has no such field, so a body
 *   without it is a DNI and the DNI's schema cannot require it (registration and the desk's
 *   correction of a document).
 */
export const EXPLAINED = {
  'no-server-example.com': 1,
  'operation-2xx-response': 2,
  'no-ambiguous-paths': 2,
  'no-illogical-composition-keywords': 2,
};

async function fetched(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** Runs both linters on the description at `url` (or in that file); answers their figures and what went past the limits. */
export async function lintDescription(url) {
  const document = existsSync(url) ? JSON.parse(readFileSync(url, 'utf8')) : await fetched(url);
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-openapi-'));
  const file = path.join(dir, 'openapi.json');
  try {
    writeFileSync(file, JSON.stringify(document, null, 2));
    const spectral = spawnSync(
      bin('spectral'),
      ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--format', 'json', '--quiet'],
      { encoding: 'utf8', cwd: root },
    );
    const spectralProblems = JSON.parse(spectral.stdout || '[]');
    const redocly = spawnSync(
      bin('redocly'),
      ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'],
      {
        encoding: 'utf8',
        cwd: root,
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          DO_NOT_TRACK: '1',
        },
      },
    );
    const redoclyReport = JSON.parse(redocly.stdout.slice(redocly.stdout.indexOf('{')) || '{}');
    const redoclyProblems = redoclyReport.problems ?? [];
    const figures = {
      spectral: {
        errors: spectralProblems.filter((p) => p.severity === 0).length,
        warnings: spectralProblems.filter((p) => p.severity === 1).length,
      },
      redocly: {
        errors: redoclyProblems.filter((p) => p.severity === 'error').length,
        warnings: redoclyProblems.filter((p) => p.severity === 'warn').length,
      },
    };
    const byRule = {};
    for (const p of redoclyProblems.filter((x) => x.severity === 'warn'))
      byRule[p.ruleId] = (byRule[p.ruleId] ?? 0) + 1;
    const past = [
      ...spectralProblems
        .filter((p) => p.severity <= 1)
        .map((p) => `spectral ${p.code} at ${p.path.join('.')}: ${p.message}`),
      ...redoclyProblems
        .filter((p) => p.severity === 'error')
        .map((p) => `redocly ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`),
      ...Object.entries(byRule)
        .filter(([rule, count]) => count > (EXPLAINED[rule] ?? 0))
        .map(([rule, count]) => `redocly ${rule}: ${count} warnings, ${EXPLAINED[rule] ?? 0} explained`),
    ];
    return { figures, byRule, past };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv[2] ?? `http://localhost:${process.env.PORT ?? '8787'}/api/openapi.json`;
  const { figures, byRule, past } = await lintDescription(url);
  console.log(
    `Spectral (spectral:oas): ${figures.spectral.errors} errors, ${figures.spectral.warnings} warnings`,
  );
  console.log(
    `Redocly (recommended): ${figures.redocly.errors} errors, ${figures.redocly.warnings} warnings ${JSON.stringify(byRule)}`,
  );
  for (const line of past) console.error(line);
  process.exit(past.length === 0 ? 0 : 1);
}
