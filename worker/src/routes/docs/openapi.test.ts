import { describe, expect, test } from 'vitest';
import { call, ORIGIN } from '../../../test/helpers';
import { ForgotPasswordSchema } from '../../contract/accounts';
import { devApp } from '../../index.dev';
import { declarationsOf } from '../../lib/route';
import { validationOf } from '../../lib/validate';
import { jsonSchemaOf, openApiDocument, schemasOf } from './openapi';
import { referencePage } from './reference-page';

type Operation = {
  'x-access': string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: { Error: { properties: Record<string, unknown> } }; securitySchemes: object };
};

const documentOf = async (): Promise<Document> => {
  const res = await call('/api/openapi.json');
  expect(res.status).toBe(200);
  return res.json<Document>();
};

const operation = (doc: Document, key: string): Operation | undefined => {
  const [method = '', path = ''] = key.split(' ');
  return doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
};

/**
 * The deployed API: every declared route but the local-only /api/dev routes and those
 * the document names apart from its paths (the live agenda's WebSocket, the local demo checkout).
 */
const DECLARED = Object.fromEntries(declarationsOf(devApp));
const deployed = Object.keys(DECLARED).filter(
  (key) => !key.includes(' /api/dev/') && !DECLARED[key]?.outside,
);

describe('GET /api/openapi.json', () => {
  test('is an OpenAPI 3.1 document with every declared route, and no other', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toBe('3.1.0');
    expect(deployed.filter((key) => !operation(doc, key))).toEqual([]);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.filter((key) => !DECLARED[key])).toEqual([]);
    expect(documented.length).toBe(deployed.length);
  });

  test('each documented request schema is the one the route validates with', async () => {
    const doc = await documentOf();
    let bodies = 0;
    const checked = new Set<string>();
    for (const route of devApp.routes) {
      const key = `${route.method} ${route.path}`;
      const validation = validationOf(route.handler);
      if (route.method === 'ALL' || !deployed.includes(key) || !validation) continue;
      checked.add(key);
      const op = operation(doc, key);
      const schemas = schemasOf(validation).map(jsonSchemaOf);
      if (validation.target === 'json') {
        bodies += 1;
        expect(op?.requestBody?.content['application/json'].schema, key).toEqual(
          schemas.length === 1 ? schemas[0] : { anyOf: schemas },
        );
      }
      if (validation.target === 'query') {
        const props = Object.keys((schemas[0]?.properties ?? {}) as object);
        const documented = op?.parameters.filter((p) => p.in === 'query' && p.name !== 'validate');
        expect(
          documented?.map((p) => p.name),
          key,
        ).toEqual(props);
      }
    }
    expect(bodies).toBeGreaterThan(15);
    // a route without a body validator documents no body, but for one that reads its bodies itself
    // (a study: multipart with the PDF, or SPEC's JSON with a link), which documents those
    for (const key of deployed.filter((k) => !checked.has(k))) {
      const bodies = DECLARED[key]?.bodies;
      if (!bodies) expect(operation(doc, key)?.requestBody, key).toBeUndefined();
      else
        expect(Object.keys(operation(doc, key)?.requestBody?.content ?? {}), key).toEqual(
          Object.keys(bodies),
        );
    }
    // and the schema is the contract's own
    expect(
      operation(doc, 'POST /api/password/reset')?.requestBody?.content['application/json'].schema,
    ).toEqual(jsonSchemaOf(ForgotPasswordSchema));
  });

  test('the helper that checks every API answer reads this same description', async () => {
    const served = await documentOf();
    const made = openApiDocument(devApp, { origin: ORIGIN, prefix: '' }) as unknown as Document;
    expect(made.paths).toEqual(
      JSON.parse(JSON.stringify(served.paths, (k, v) => (k === 'example' ? undefined : v))),
    );
  });

  test('says who may call each route, how to sign in and the error shape', async () => {
    const doc = await documentOf();
    for (const key of deployed) {
      const op = operation(doc, key);
      const who = DECLARED[key]?.who;
      expect(op?.['x-access'], key).toBe(who);
      if (who === 'public') expect(op?.security, key).toEqual([]);
      else expect(op?.security, key).toContainEqual({ bearerAuth: [] });
      if (who !== 'public' && who !== 'signup') expect(op?.responses['401'], key).toBeDefined();
    }
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['sessionCookie', 'bearerAuth']);
    expect(Object.keys(doc.components.schemas.Error.properties)).toEqual([
      'error',
      'msg',
      'errors',
      'requestId',
      'current',
    ]);
  });
});

describe('GET /api/docs', () => {
  test('serves the reference page: Scalar from this origin, nothing from another site, "try it" locally', async () => {
    const res = await call('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<script src="/api-reference/scalar.js"></script>');
    expect(html).toContain('"url":"/api/openapi.json"');
    expect(html).toContain('"hideTestRequestButton":false');
    expect(html).toContain('"telemetry":false');
    expect(html).not.toMatch(/(src|href)=["']?(https?:)?\/\//);
  });

  test('a deployed page describes only: no request is sent from it', () => {
    expect(referencePage(false)).toContain('"hideTestRequestButton":true');
  });
});
