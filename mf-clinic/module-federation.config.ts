import { remoteFederation } from '@clinic/kit/mf-build';
import type { ModuleFederationOptions } from '@module-federation/rsbuild-plugin';

const config: ModuleFederationOptions = remoteFederation('clinic');

export default config;
