import { beforeEach } from 'vitest';
import { forgetAddressLimits } from './helpers';

// Local runs count every caller as one address (the server listens on loopback only): each test
// starts with no per-address counts, so one test's requests do not use up the next one's.
beforeEach(forgetAddressLimits);
