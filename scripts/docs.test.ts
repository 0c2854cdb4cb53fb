import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

describe('docs/remotes.md', () => {
  it("adds, as its example screen, a path that no remote's src/screens.ts declares", () => {
    const example = /\*\*Adding a screen is one entry\*\*[\s\S]*?```ts([\s\S]*?)```/.exec(
      read('docs/remotes.md'),
    )?.[1];
    const path = /path: '([^']+)'/.exec(example ?? '')?.[1];
    expect(path).toMatch(/^\/home\//);
    const remotes = readdirSync(root).filter((name) => name.startsWith('mf-'));
    expect(remotes.length).toBeGreaterThan(0);
    for (const remote of remotes) expect(read(`${remote}/src/screens.ts`)).not.toContain(`'${path}'`);
  });
});
