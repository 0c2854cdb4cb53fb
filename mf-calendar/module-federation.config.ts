import { remoteFederation } from '@clinic/kit/mf-build';
import type { ModuleFederationOptions } from '@module-federation/rsbuild-plugin';

const config: ModuleFederationOptions = remoteFederation('calendar');

export default config;
