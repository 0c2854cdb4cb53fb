import { fileURLToPath } from 'node:url';
import { pluginChunkRetry, pluginFederationRuntimeAsEsModules } from '@clinic/kit/mf-build';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import moduleFederation from './module-federation.config';

const SCALAR = fileURLToPath(
  new URL('../node_modules/@scalar/api-reference/dist/browser/standalone.js', import.meta.url),
);

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation(moduleFederation),
    pluginFederationRuntimeAsEsModules(),
    // The same retry of a failed script or stylesheet as each remote's build.
    pluginChunkRetry(),
  ],
  // The tab's icon, copied to dist/ and linked from every page (no 404 for /favicon.ico).
  html: { template: './index.html', favicon: './src/favicon.svg' },
  output: {
    // Browsers from 2023 on (ES2022 as is: classes, optional chaining, async): less code than
    // the default targets' transforms and helpers.
    overrideBrowserslist: ['chrome >= 111', 'edge >= 111', 'firefox >= 114', 'safari >= 16.4'],
    minify: { jsOptions: { minimizerOptions: { compress: { passes: 2 } } } },
    assetPrefix: '/',
    distPath: { root: '../dist' },
    // dist/mf/* holds the remotes' builds; the shell only replaces its own files.
    cleanDistPath: { enable: true, keep: [/[\\/]dist[\\/]mf[\\/]/] },
    // The API reference page (/api/docs) runs Scalar from this origin, never from a CDN.
    // Scalar draws one theme style before it reads `withDefaultFonts: false`, and that style
    // declares Inter faces on fonts.scalar.com; the copy leaves those @font-face rules out, so the
    // page asks no other site for anything (its CSP would refuse it anyway).
    copy: [
      {
        from: SCALAR,
        to: 'api-reference/scalar.js',
        transform: (input: Buffer) =>
          input.toString('utf8').replace(/@font-face\s*\{[^}]*fonts\.scalar\.com[^}]*\}/g, ''),
      },
    ],
  },
  // The home frame's chunk and style are named in the page (`<link rel="preload">`), so a deep link
  // under /home fetches them beside the page's own scripts; the worker leaves the links out of
  // every other page (worker/src/lib/app-page.ts).
  performance: { preload: { type: 'async-chunks', include: [/[\\/]home-frame\.[\w]+\.(?:js|css)$/] } },
  server: {
    port: 3000,
    historyApiFallback: true,
    // `npm run dev -w shell`: the worker answers /api and /mf (npm start runs it on 8787).
    proxy: { '/api': 'http://localhost:8787', '/mf': 'http://localhost:8787' },
  },
});
