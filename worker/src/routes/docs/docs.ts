import { Hono } from 'hono';
import type { Env } from '../../env';
import { openApiDocument } from './openapi';
import { REFERENCE_PAGE } from './reference-page';

const documents = new WeakMap<Hono<Env>, Record<string, unknown>>();

/**
 * The API describes itself: `GET /api/openapi.json` (OpenAPI 3.1, generated once per isolate from
 * the routes of `api()`) and `GET /api/docs`, a reference page that renders it with no outside
 * script, font or stylesheet.
 */
export const apiDocs = (api: () => Hono<Env>) =>
  new Hono<Env>()
    .get('/openapi.json', (c) => {
      const app = api();
      let document = documents.get(app);
      if (!document) {
        document = openApiDocument(app);
        documents.set(app, document);
      }
      return c.json(document, 200);
    })
    .get('/docs', (c) => c.html(REFERENCE_PAGE, 200));
