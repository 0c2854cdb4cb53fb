import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DECLARED } from './declarations.fixture';

const SHELL_SRC = fileURLToPath(new URL('..', import.meta.url));

/** The shell's own source: every .ts/.tsx file under shell/src except tests and their fixtures. */
function shellSources(dir = SHELL_SRC): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return shellSources(path);
    if (!/\.tsx?$/.test(entry.name) || /\.(test|fixture)\.tsx?$/.test(entry.name)) return [];
    return [{ file: path.slice(SHELL_SRC.length), text: readFileSync(path, 'utf8') }];
  });
}

/**
 * How a path could be written in the shell: whole ('/home/budget'), without the leading slash,
 * or relative to /home as a string ('budget', "budget", `budget`) — first segment included, since
 * an owner table by first segment is how the shell used to name remote paths.
 */
function spellings(path: string): string[] {
  const relative = path.slice('/home/'.length);
  const first = relative.split('/')[0] ?? '';
  const quoted = (s: string) => [`'${s}'`, `"${s}"`, `\`${s}\``, `'${s}/`, `"${s}/`, `\`${s}/`];
  return [path, path.slice(1), ...quoted(relative), ...(first.startsWith(':') ? [] : quoted(first))];
}

describe('the shell names no remote path', () => {
  const sources = shellSources();
  const declared = Object.entries(DECLARED).flatMap(([remote, screens]) =>
    screens.filter((s) => s.path !== '/home').map((s) => ({ remote, path: s.path })),
  );

  it('reads the shell’s source and every remote’s declarations', () => {
    expect(sources.map((s) => s.file)).toContain('home/HomeShell.tsx');
    expect(declared.length).toBeGreaterThan(25);
  });

  it.each(declared)('$remote: $path', ({ path }) => {
    const found = sources.flatMap(({ file, text }) =>
      spellings(path)
        .filter((spelling) => text.includes(spelling))
        .map((spelling) => `${file}: ${spelling}`),
    );
    expect(found).toEqual([]);
  });
});
