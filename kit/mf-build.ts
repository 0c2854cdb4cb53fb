import {
  createModuleFederationConfig,
  type ModuleFederationOptions,
  pluginModuleFederation,
} from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfigSyncFn } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { containerName, REMOTE_PORTS, type RemoteName, SHARED_SINGLETONS } from './mf';

// Build-time only (rsbuild configs): the client code imports './mf', never this file.

/** A remote's Module Federation options: it exposes its routes and nothing else. */
export function remoteFederation(remote: RemoteName): ModuleFederationOptions {
  return createModuleFederationConfig({
    name: containerName(remote),
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/routes.tsx' },
    shared: SHARED_SINGLETONS,
    dts: false,
    // The shell provides the MF runtime once (provideExternalRuntime), so the remote does not ship it.
    experiments: { externalRuntime: true },
  });
}

/** A remote's rsbuild config: a location-independent build into dist/mf/<name>/. */
export function remoteBuild(remote: RemoteName, federation: ModuleFederationOptions): RsbuildConfigSyncFn {
  return defineConfig(({ command }) => ({
    plugins: [
      pluginReact(),
      // `rsbuild dev` runs the remote on its own page, which then needs its own MF runtime.
      pluginModuleFederation(command === 'dev' ? { ...federation, experiments: {} } : federation),
    ],
    html: { title: `Clinic — ${remote}` },
    output: {
      // Resolved at run time from where remoteEntry/mf-manifest was loaded: the same build works
      // under /mf/<name>/ on the worker or from any other origin.
      assetPrefix: 'auto',
      distPath: { root: `../dist/mf/${remote}` },
      cleanDistPath: true,
    },
    server: { port: REMOTE_PORTS[remote], headers: { 'Access-Control-Allow-Origin': '*' } },
  }));
}
