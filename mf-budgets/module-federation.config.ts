import { containerName, SHARED_SINGLETONS } from '@clinic/kit/mf';
import {
  createModuleFederationConfig,
  type ModuleFederationOptions,
} from '@module-federation/rsbuild-plugin';

const config: ModuleFederationOptions = createModuleFederationConfig({
  name: containerName('budgets'),
  filename: 'remoteEntry.js',
  exposes: { './routes': './src/routes.tsx' },
  shared: SHARED_SINGLETONS,
  dts: false,
  // The shell provides the MF runtime once (provideExternalRuntime), so the remote does not ship it.
  experiments: { externalRuntime: true },
});

export default config;
