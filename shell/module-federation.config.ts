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
  experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
});

export default config;
