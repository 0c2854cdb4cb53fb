import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Budget: a real build of the shell, 15 s on an idle 2-core machine and up to three times that
// while the browser and three servers share it; the checks around it take a second or two.
test.setTimeout(150_000);

test('a build while the app is served leaves it answering: / and a page stay 200 throughout and after', async ({
  request,
}) => {
  // The shell's build empties dist/ (all but the remotes) before writing it again.
  const build = spawn(process.execPath, [`${root}scripts/build.mjs`, 'shell'], {
    cwd: root,
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => build.on('exit', resolve));
  let done = false;
  void exited.then(() => {
    done = true;
  });

  const answers: string[] = [];
  const check = async (): Promise<void> => {
    for (const path of ['/', '/home']) {
      const res = await request.get(path);
      answers.push(`${path} ${res.status()}`);
    }
  };
  while (!done) {
    await check();
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(await exited).toBe(0);
  // at least one round of requests went out while the build ran (a fast build may allow only a few)
  expect(answers.length).toBeGreaterThan(0);
  // wrangler dev's watcher reacts to a changed folder a moment later: still there after it settles.
  await new Promise((r) => setTimeout(r, 2000));
  await check();

  expect(answers.filter((a) => !a.endsWith(' 200'))).toEqual([]);
});
