import { REMOTE_PORTS } from '@clinic/kit/mf';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import moduleFederation from './module-federation.config';

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    // `rsbuild dev` runs the remote on its own page, which then needs its own MF runtime.
    pluginModuleFederation(command === 'dev' ? { ...moduleFederation, experiments: {} } : moduleFederation),
  ],
  html: { title: 'Clinic — patients' },
  output: {
    // Resolved at run time from where remoteEntry/mf-manifest was loaded: the same build works
    // under /mf/patients/ on the worker or from any other origin.
    assetPrefix: 'auto',
    distPath: { root: '../dist/mf/patients' },
    cleanDistPath: true,
  },
  server: { port: REMOTE_PORTS.patients, headers: { 'Access-Control-Allow-Origin': '*' } },
}));
