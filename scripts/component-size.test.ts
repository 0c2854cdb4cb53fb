import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The most lines a React component function may span: past it, split the view from its data hook or pull sub-views out. */
const MAX_COMPONENT_LINES = 120;

const root = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['kit', 'shell', ...readdirSync(root).filter((name) => name.startsWith('mf-'))];
const SKIP = new Set(['node_modules', 'dist', '@mf-types', 'coverage']);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

interface Measured {
  file: string;
  name: string;
  lines: number;
}

/** Every function or arrow named with an upper-case first letter (a component, by React's rule), with its line count. */
function components(file: string, text: string): Measured[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Measured[] = [];
  const lines = (node: ts.Node): number => {
    const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
    const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
    return end - start + 1;
  };
  const add = (name: string | undefined, node: ts.Node): void => {
    if (name && /^[A-Z]/.test(name)) found.push({ file, name, lines: lines(node) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) add(node.name?.text, node);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let init: ts.Expression = node.initializer;
      // memo(function …), forwardRef((props, ref) => …): the component is the wrapped function.
      while (ts.isCallExpression(init) && init.arguments.length > 0)
        init = init.arguments[0] as ts.Expression;
      if (ts.isArrowFunction(init) || (ts.isFunctionExpression(init) && !init.name))
        add(node.name.text, init);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const measured = FOLDERS.flatMap((folder) => tsxFiles(join(root, folder))).flatMap((path) =>
  components(relative(root, path), readFileSync(path, 'utf8')),
);

describe('component size', () => {
  it('measures the components of every .tsx of kit, shell and the remotes', () => {
    expect(measured.length).toBeGreaterThan(50);
    expect(measured.some((c) => c.name === 'Login')).toBe(true);
  });

  it('counts the lines of a function, an arrow and a wrapped arrow, and skips lower-case helpers', () => {
    const text = [
      'function Big() {',
      '  return null;',
      '}',
      'const Arrow = () => (',
      '  <p />',
      ');',
      'const Wrapped = memo((props) => {',
      '  return null;',
      '});',
      'function helper() { return 1; }',
    ].join('\n');
    expect(components('x.tsx', text).map((c) => [c.name, c.lines])).toEqual([
      ['Big', 3],
      ['Arrow', 3],
      ['Wrapped', 3],
    ]);
  });

  it(`has no component function over ${MAX_COMPONENT_LINES} lines`, () => {
    const longest = [...measured].sort((a, b) => b.lines - a.lines);
    if (process.env.SHOW_COMPONENT_SIZES) console.log(longest.slice(0, 15));
    const over = longest
      .filter((c) => c.lines > MAX_COMPONENT_LINES)
      .map((c) => `${c.file} ${c.name} ${c.lines}`);
    expect(over).toEqual([]);
  });
});
