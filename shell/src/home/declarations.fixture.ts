import { REMOTE_NAMES, type RemoteName } from '@clinic/kit/mf';
import type { ScreenDeclaration } from '@clinic/kit/screens';

/**
 * Every remote's declarations as this repository's remotes write them (for the shell's tests),
 * read from mf-<name>/src/screens.ts for each remote of the list.
 */
async function declared(remote: RemoteName): Promise<readonly ScreenDeclaration[]> {
  const file = new URL(`../../../mf-${remote}/src/screens.ts`, import.meta.url).href;
  const module = (await import(/* @vite-ignore */ file)) as { default: { screens: ScreenDeclaration[] } };
  return module.default.screens;
}

export const DECLARED = Object.fromEntries(
  await Promise.all(REMOTE_NAMES.map(async (remote) => [remote, await declared(remote)] as const)),
) as Record<RemoteName, readonly ScreenDeclaration[]>;
