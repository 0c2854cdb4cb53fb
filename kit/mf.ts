/**
 * The remote list as the front ends see it (client code may import this file; the build-time
 * Module Federation settings are in ./mf-build.ts). The list itself lives in one module,
 * `@clinic/worker/remotes`, which the build script and the worker's registry read too.
 */
export {
  areaName,
  containerName,
  REMOTE_NAMES,
  REMOTES,
  type RemoteName,
  remotesServing,
  type UserType,
} from '@clinic/worker/remotes';
