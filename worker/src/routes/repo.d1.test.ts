import { env } from 'cloudflare:test';
import { openD1 } from '../db/client';
import { repositorySuite } from './repo.suite';

// D1 in workerd: the test pool gives this file its own database with the migrations applied.
repositorySuite('D1', async () => openD1(env.DB));
