import { remoteBuild } from '@clinic/kit/mf-build';
import screens from './src/screens';

export default remoteBuild('clinic', screens);
