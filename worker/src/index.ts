import { app } from './app';

/** The production entry (`wrangler deploy`): no local-only routes or seeding code in its bundle. */
export default app;
