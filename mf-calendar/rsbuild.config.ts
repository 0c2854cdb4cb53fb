import { remoteBuild } from '@clinic/kit/mf-build';
import { defineConfig, mergeRsbuildConfig } from '@rsbuild/core';
import screens from './src/screens';

const base = remoteBuild('calendar', screens);

export default defineConfig((env) =>
  mergeRsbuildConfig(base(env), {
    // react-big-calendar imports lodash's CommonJS files one by one ('lodash/chunk'…), which keep
    // lodash's shared internals whole; their ES-module twins let the bundler drop what is unused.
    resolve: { alias: { lodash: 'lodash-es' } },
  }),
);
