import { Hono } from 'hono';
import { type Env, isLocal } from '../../env';
import { configuredOrigin } from '../../lib/http';
import { DEMO_EXAMPLES } from './examples';
import { openApiDocument } from './openapi';
import { referencePage } from './reference-page';

const documents = new WeakMap<Hono<Env>, Map<string, Record<string, unknown>>>();

/**
 * The API describes itself: `GET /api/openapi.json` (OpenAPI 3.1, generated once per isolate and
 * origin from the routes of `api()`) and `GET /api/docs`, the reference page (Scalar, from this origin).
 */
export const apiDocs = (api: () => Hono<Env>) =>
  new Hono<Env>()
    .get('/openapi.json', (c) => {
      const app = api();
      // Deployed, the app's one origin; locally the loopback address asked.
      const origin = configuredOrigin(c.env) ?? new URL(c.req.url).origin;
      const byOrigin = documents.get(app) ?? new Map<string, Record<string, unknown>>();
      documents.set(app, byOrigin);
      let document = byOrigin.get(origin);
      if (!document) {
        document = openApiDocument(app, { origin, examples: DEMO_EXAMPLES });
        byOrigin.set(origin, document);
      }
      return c.json(document, 200);
    })
    .get('/docs', (c) => c.html(referencePage(isLocal(c.env)), 200));
