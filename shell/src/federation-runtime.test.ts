import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { esModuleOf, FEDERATION_COMMONJS, remoteBuild } from '@clinic/kit/mf-build';
import { createRsbuild, type RsbuildConfig } from '@rsbuild/core';
import { describe, expect, test } from 'vitest';
import shellConfig from '../rsbuild.config';

const require = createRequire(import.meta.url);

/** What the federation plugins import by path or alias: each resolved with require(), as they do. */
const RUNTIME_FILES = [
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/inject-external-runtime-core-plugin',
  '@module-federation/runtime',
].map((name) => require.resolve(name));

async function rspackConfigOf(config: RsbuildConfig, folder: string) {
  const rsbuild = await createRsbuild({
    rsbuildConfig: config,
    cwd: new URL(`../../${folder}`, import.meta.url).pathname,
  });
  const [rspack] = await rsbuild.initConfigs();
  return rspack;
}

describe('the Module Federation runtime is bundled from its ES module build', () => {
  test('every CommonJS file the federation plugins import has an ES module build beside it', () => {
    for (const file of RUNTIME_FILES) {
      expect(file).toMatch(FEDERATION_COMMONJS);
      expect(esModuleOf(file)).not.toBe(file);
      expect(existsSync(esModuleOf(file))).toBe(true);
    }
  });

  const remote = remoteBuild('patients', { screens: [] })({
    command: 'build',
    env: 'production',
    envMode: 'production',
    meta: {},
  });
  test.each([
    ['shell', shellConfig],
    ['mf-patients', remote],
  ])(
    '%s: the build aliases the runtime to it and replaces the files the plugin imports',
    async (folder, rsbuildConfig) => {
      const config = await rspackConfigOf(rsbuildConfig, folder);
      const alias = config?.resolve?.alias as Record<string, string>;
      expect(alias['@module-federation/runtime']).toBe(
        esModuleOf(require.resolve('@module-federation/runtime')),
      );
      expect(config?.plugins?.map((p) => p?.constructor.name)).toContain('NormalModuleReplacementPlugin');
    },
  );
});
