import { Hono } from 'hono';
import * as v from 'valibot';
import { type Env, isLocal } from '../../env';
import { configuredOrigin } from '../../lib/http';
import { html, json, route } from '../../lib/route';
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
    .get(
      '/openapi.json',
      route({
        // The API's own description (OpenAPI 3.1) and its reference page.
        who: 'public',
        summary: 'This description',
        description: 'The API as OpenAPI 3.1, generated from the routes, their validators and the contract.',
        success: [json(200, v.record(v.string(), v.unknown()), 'The OpenAPI document.')],
      }),
      (c) => {
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
      },
    )
    .get(
      '/docs',
      route({
        who: 'public',
        summary: 'The reference page',
        description: 'This document as a page to read and, on a local server, to try.',
        success: [html('The API reference page.')],
      }),
      (c) => c.html(referencePage(isLocal(c.env)), 200),
    );
