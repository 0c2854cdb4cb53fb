import { remoteBuild } from '@clinic/kit/mf-build';
import moduleFederation from './module-federation.config';
import screens from './src/screens';

export default remoteBuild('portal', moduleFederation, screens);
