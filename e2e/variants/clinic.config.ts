import { remoteBuild, remoteFederation } from '@clinic/kit/mf-build';
import screens from '../../mf-clinic/src/screens';

const federation = remoteFederation('clinic');
const shared = federation.shared as Record<string, object>;

/** mf-clinic as if built against kit 99.0.0: the shell's kit (another major) refuses to serve it. */
export default remoteBuild('clinic', screens, {
  ...federation,
  shared: {
    ...shared,
    '@clinic/kit': { ...shared['@clinic/kit'], version: '99.0.0', requiredVersion: '^99.0.0' },
  },
});
