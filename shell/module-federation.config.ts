import { hostShared, SHARE_STRATEGY } from '@clinic/kit/mf-build';
import {
  createModuleFederationConfig,
  type ModuleFederationOptions,
} from '@module-federation/rsbuild-plugin';

const config: ModuleFederationOptions = createModuleFederationConfig({
  name: 'clinic_shell',
  // No static remotes: the registry GET /mf/remotes.json is read at run time (src/remotes/registry.ts).
  remotes: {},
  shared: hostShared(),
  // A remote's entry loads when its area is opened, not when another one is (kit/mf-build.ts).
  shareStrategy: SHARE_STRATEGY,
  dts: false,
  // Ship the MF runtime once, here; remotes are built with experiments.externalRuntime.
  // target 'web': the runtime drops its Node.js loading paths (the shell only runs in browsers).
  // asyncStartup: the runtime waits for the shared modules before the entry runs, so the entry
  // needs no async boundary and its chunks are written into the page as deferred scripts (a phone
  // fetches them at once instead of after the entry has run).
  experiments: { provideExternalRuntime: true, asyncStartup: true, optimization: { target: 'web' } },
});

export default config;
