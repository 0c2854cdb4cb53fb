/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  createModuleFederationConfig,
  type ModuleFederationOptions,
  pluginModuleFederation,
} from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfigSyncFn, type RsbuildPlugin, rspack } from '@rsbuild/core';
import { pluginAssetsRetry } from '@rsbuild/plugin-assets-retry';
import { pluginReact } from '@rsbuild/plugin-react';
import { containerName, REMOTES, type RemoteName } from './mf';
import { SCREENS_FILE, type ScreenDeclaration, screensFile } from './src/screens/declarations';

// Build-time only (rsbuild configs): the client code imports './mf', never this file.

type Shared = Exclude<ModuleFederationOptions['shared'], string[] | undefined>;

function packageJson(path: string): { version: string; dependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
}

/** '1.4.2' → '^1.4.2'-compatible range of the same major: '^1.0.0' (0.x: '^0.x.0'). */
function sameMajor(version: string): string {
  const [major = '0', minor = '0'] = version.replace(/^[^\d]*/, '').split('.');
  return major === '0' ? `^0.${minor}.0` : `^${major}.0.0`;
}

const kitPackage = packageJson('./package.json');
const contractPackage = packageJson('../worker/package.json');

/**
 * The versions the shared singletons are built against. The kit and the contract follow semver
 * (see docs/remotes.md, "Versions of the kit and the contract"): a remote asks for the major it was
 * built with, strictly, so a remote built against another major fails to load into its area's
 * error panel instead of running against an API it does not know (e2e/variants/clinic.config.ts
 * builds a remote as if against another major to prove it).
 */
export function sharedSingletons(): Shared {
  const kit = kitPackage.version;
  const library = (name: string) => {
    const version = kitPackage.dependencies?.[name] ?? '0.0.0';
    // Third-party singletons: the same major is expected; another one only logs a warning.
    return { singleton: true, requiredVersion: sameMajor(version) };
  };
  return {
    react: library('react'),
    'react-dom': library('react-dom'),
    nanostores: library('nanostores'),
    '@nanostores/react': library('@nanostores/react'),
    '@clinic/kit': { singleton: true, version: kit, requiredVersion: sameMajor(kit), strictVersion: true },
    '@clinic/worker/contract': {
      singleton: true,
      version: contractPackage.version,
      requiredVersion: sameMajor(contractPackage.version),
      strictVersion: true,
    },
  };
}

/**
 * The shell's shared modules: the same singletons, the kit and the contract provided under their
 * share keys from entries of their own. A shared module is never tree-shaken and a module the
 * shell consumes from the share scope loads whole, so the shell does not consume these two: its
 * own code imports them straight, tree-shaken (the login page loads the few parts it uses), while
 * the remotes consume them whole from the shell, loaded after sign-in (one instance: the
 * provided kit is built from the same modules the shell's code runs, session store included).
 */
export function hostShared(): Shared {
  const {
    '@clinic/kit': kit,
    '@clinic/worker/contract': contract,
    ...rest
  } = sharedSingletons() as Record<string, object>;
  const providedOnly = (shareKey: string, config: object | undefined) => ({
    ...config,
    import: shareKey,
    shareKey,
  });
  return {
    ...rest,
    'clinic-kit-provided-by-the-shell': providedOnly('@clinic/kit', kit),
    'clinic-contract-provided-by-the-shell': providedOnly('@clinic/worker/contract', contract),
  } as Shared;
}

/**
 * How the shell and the remotes pick a shared module: the version already loaded (the shell's)
 * first. The default, 'version-first', loads the entry of every registered remote to compare
 * versions before any shared module loads, so one remote whose host is down held up the others.
 */
export const SHARE_STRATEGY = 'loaded-first' as const;

/**
 * A script or stylesheet that fails to load (a dropped connection, a proxy's 502) is asked for
 * again, twice, before the app gives up on it: the shell's files and each remote's own chunks
 * alike. The initial-chunk part comes from a file of its own: the page's CSP allows no inline script.
 */
export function pluginChunkRetry(): RsbuildPlugin {
  return pluginAssetsRetry({ inlineScript: false, max: 2, delay: 200 });
}

/** A remote's Module Federation options: it exposes its routes and nothing else. */
export function remoteFederation(remote: RemoteName): ModuleFederationOptions {
  return createModuleFederationConfig({
    name: containerName(remote),
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/routes.tsx' },
    shared: sharedSingletons(),
    shareStrategy: SHARE_STRATEGY,
    dts: false,
    // The shell provides the MF runtime once (provideExternalRuntime), so the remote does not ship it.
    experiments: { externalRuntime: true },
  });
}

/** A file of the Module Federation runtime's CommonJS build ('…/dist/….cjs'). */
export const FEDERATION_COMMONJS = /[\\/]@module-federation[\\/][\w-]+[\\/]dist[\\/].+\.cjs$/;

/** The ES module build beside a CommonJS file ('x.cjs' → 'x.js' or 'x.mjs'), or the file itself. */
export function esModuleOf(file: string): string {
  for (const extension of ['.js', '.mjs']) {
    const candidate = file.replace(/\.cjs$/, extension);
    if (candidate !== file && existsSync(candidate)) return candidate;
  }
  return file;
}

/**
 * Bundles the Module Federation runtime from its ES module build. The federation plugins resolve
 * the runtime with require(), which picks its CommonJS build, and a CommonJS module is bundled
 * whole (every helper, every export getter); from the ES module build only what runs is kept.
 * The plugin's entry imports the runtime by file path (replaced here) and aliases
 * '@module-federation/runtime' to a file (aliased back here); the runtime's own imports between
 * its packages then resolve to their ES module builds.
 */
export function pluginFederationRuntimeAsEsModules(): RsbuildPlugin {
  const runtime = esModuleOf(createRequire(import.meta.url).resolve('@module-federation/runtime'));
  return {
    name: 'clinic:federation-runtime-as-es-modules',
    setup(api) {
      api.modifyRsbuildConfig((config) => {
        config.resolve ??= {};
        config.resolve.alias = { ...config.resolve.alias, '@module-federation/runtime': runtime };
      });
      api.modifyRspackConfig((config) => {
        config.plugins ??= [];
        config.plugins.push(
          new rspack.NormalModuleReplacementPlugin(FEDERATION_COMMONJS, (data) => {
            data.request = esModuleOf(data.request);
          }),
        );
      });
    },
  };
}

/** Writes the remote's screen declarations to screens.json beside mf-manifest.json. */
function pluginScreens(remote: RemoteName, screens: readonly ScreenDeclaration[]): RsbuildPlugin {
  const json = `${JSON.stringify(screensFile(remote, screens), null, 2)}\n`;
  return {
    name: 'clinic:screens',
    setup(api) {
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        compilation.emitAsset(SCREENS_FILE, new sources.RawSource(json));
      });
    },
  };
}

/**
 * A remote's rsbuild config: a location-independent build into dist/mf/<name>/ (or REMOTE_OUT_DIR,
 * relative to the remote's folder), publishing its screen declarations with it. Its Module
 * Federation options are `remoteFederation(remote)` unless given (the end-to-end variants change them).
 */
export function remoteBuild(
  remote: RemoteName,
  declarations: { screens: readonly ScreenDeclaration[] },
  federation: ModuleFederationOptions = remoteFederation(remote),
): RsbuildConfigSyncFn {
  const port = REMOTES.find((r) => r.name === remote)?.port;
  return defineConfig(({ command }) => ({
    plugins: [
      // `rsbuild dev` output is also loaded by a running app (registry variable pointing at the dev
      // server), whose shell provides production React: the remote then must not use React's
      // development JSX runtime nor Fast Refresh (which needs development React). A change is
      // applied in place by the remote's routes.tsx instead (hot module replacement, see below).
      command === 'dev'
        ? pluginReact({ fastRefresh: false, swcReactOptions: { development: false } })
        : pluginReact(),
      // `rsbuild dev` runs the remote on its own page, which then needs its own MF runtime.
      pluginModuleFederation(command === 'dev' ? { ...federation, experiments: {} } : federation),
      pluginFederationRuntimeAsEsModules(),
      pluginChunkRetry(),
      pluginScreens(remote, declarations.screens),
    ],
    // The dev server builds in development mode, which is what turns hot module replacement on,
    // with production React code (process.env.NODE_ENV, see pluginReact above).
    ...(command === 'dev'
      ? { mode: 'development' as const, tools: { rspack: { optimization: { nodeEnv: 'production' } } } }
      : {}),
    html: { title: `Clinic — ${remote}` },
    output: {
      // Resolved at run time from where remoteEntry/mf-manifest was loaded: the same build works
      // under /mf/<name>/ on the worker or from any other origin.
      assetPrefix: 'auto',
      distPath: { root: process.env.REMOTE_OUT_DIR || `../dist/mf/${remote}` },
      // The dev server serves from memory: it must not empty the build the worker serves.
      cleanDistPath: command !== 'dev',
    },
    // strictPort: a busy port is an error, never the next free one, which is the next remote's
    // (4001–4005 are neighbours) and which the registry override would not point at.
    server: { port, strictPort: true, headers: { 'Access-Control-Allow-Origin': '*' } },
    // The declarations are read when the config loads: a change to them restarts the dev server.
    dev: { watchFiles: { paths: 'src/screens.ts', type: 'reload-server' } },
  }));
}
