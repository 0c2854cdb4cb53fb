import { remoteBuild } from '@clinic/kit/mf-build';
import moduleFederation from './module-federation.config';

export default remoteBuild('portal', moduleFederation);
