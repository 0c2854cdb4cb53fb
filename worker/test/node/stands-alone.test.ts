import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

/** The tracked text files a reader walks: code, tests, docs, migrations, scripts. */
function trackedTextFiles(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  return files.filter(
    (f) =>
      /\.(ts|tsx|mjs|js|sql|md|json|css|html|yaml|yml)$/.test(f) &&
      f !== 'package-lock.json' &&
      !f.startsWith('docs/api/'),
  );
}

// Built from pieces, so this file does not match itself.
const SECTION = '\u00a7';
const CITATIONS = new RegExp(
  [`\\b(?:SPEC|DESIGN) ?${SECTION}`, '\\b[Ii]ssue #?[0-9]+\\b', '\\(#[0-9]{2,}\\)'].join('|'),
);

describe('the repository speaks for itself', () => {
  test('no comment, test or doc cites a section of an outside document or an issue number: it says the rule', () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (CITATIONS.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
