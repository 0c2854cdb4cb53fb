import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The headers Workers static assets add to the pages and bundles (the API sets its own). */
const HEADERS_FILE = fileURLToPath(new URL('../public/_headers', import.meta.url));

/** Each rule of a _headers file: a path line, then its indented `Name: value` lines. */
function rules(text: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = new Map();
      out.set(line.trim(), current);
      continue;
    }
    const at = line.indexOf(':');
    current?.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return out;
}

describe('the pages’ headers', () => {
  const pages = rules(readFileSync(HEADERS_FILE, 'utf8')).get('/*');

  it('tell browsers to use HTTPS only for a year (HSTS; ignored over plain http on localhost)', () => {
    const hsts = pages?.get('strict-transport-security') ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
  });
});
