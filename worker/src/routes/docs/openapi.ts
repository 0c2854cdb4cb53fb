import { toJsonSchema } from '@valibot/to-json-schema';
import type { Context, Hono } from 'hono';
import type * as v from 'valibot';
import { ACCESS, type Rule } from '../../auth/access';
import { SESSION_COOKIE } from '../../auth/session';
import { ERROR_STATUS } from '../../contract/errors';
import type { Env, SessionUser } from '../../env';
import { type Validation, validationOf } from '../../lib/validate';

type Json = Record<string, unknown>;

/** A contract schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), describing what a client sends. */
export function jsonSchemaOf(schema: v.GenericSchema): Json {
  const { $schema: _, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
  }) as Json;
  return rest;
}

/**
 * The schemas a validator may apply. Most are one schema; a few depend on the caller (a patient
 * books an appointment request, a medic a turn; nobody signed in signs up): each caller is asked for its own.
 */
export function schemasOf(validation: Validation): v.GenericSchema[] {
  const { schema } = validation;
  if (typeof schema !== 'function') return [schema];
  const found: v.GenericSchema[] = [];
  for (const userType of [null, 'Medic', 'Patient'] as const) {
    const user = userType && ({ userType, approved: true } as SessionUser);
    const stub = { get: (key: string) => (key === 'user' ? user : undefined) } as unknown as Context<Env>;
    const one = schema(stub);
    if (!found.includes(one)) found.push(one);
  }
  return found;
}

/** The validations of every route of an app, by `METHOD path` as the access table names them. */
export function validationsByRoute(app: Hono<Env>, prefix = ''): Map<string, Validation[]> {
  const byRoute = new Map<string, Validation[]>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${prefix}${route.path}`;
    const list = byRoute.get(key) ?? [];
    const validation = validationOf(route.handler);
    if (validation) list.push(validation);
    byRoute.set(key, list);
  }
  return byRoute;
}

const errorRef = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorRef } },
});

const WHO: Record<Rule['who'], string> = {
  public: 'Anyone.',
  user: 'Anyone signed in.',
  medic: 'An approved medic.',
  patient: 'A signed-in patient, for their own records.',
  owner: 'An approved medic, or the patient whose records these are (anyone else gets 404).',
  signup: 'Nobody signed in (signing up), or an approved medic (registering someone).',
};

const signedIn = [{ sessionCookie: [] }, { bearerAuth: [] }];

function operationOf(key: string, rule: Rule, validations: Validation[]): Json {
  const [method = '', path = ''] = key.split(' ');
  const parameters: Json[] = [];
  const pathParams = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const paramSchema = validations.find((x) => x.target === 'param');
  const paramProps = paramSchema
    ? ((jsonSchemaOf(schemasOf(paramSchema)[0] as v.GenericSchema).properties ?? {}) as Record<string, Json>)
    : {};
  for (const name of pathParams) {
    parameters.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
  }
  const query = validations.find((x) => x.target === 'query');
  if (query) {
    const schema = jsonSchemaOf(schemasOf(query)[0] as v.GenericSchema);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema: prop });
    }
  }
  const body = validations.find((x) => x.target === 'json');
  if (body) {
    parameters.push({
      name: 'validate',
      in: 'query',
      required: false,
      description: 'true: check the body only, write nothing, answer 200 { errors }.',
      schema: { type: 'string', enum: ['true'] },
    });
  }
  const responses: Json = {
    '2XX': { description: 'Success.', content: { 'application/json': { schema: {} } } },
  };
  if (body) {
    responses['400'] = errorAnswer('The body is not valid JSON.');
    responses['413'] = errorAnswer('The body is too large.');
    responses['415'] = errorAnswer('The body is not JSON.');
  }
  if (rule.who !== 'public' && rule.who !== 'signup') responses['401'] = errorAnswer('Not signed in.');
  if (rule.who !== 'public') responses['403'] = errorAnswer('Not allowed, or a write from a foreign origin.');
  if (pathParams.length > 0 || rule.who === 'owner')
    responses['404'] = errorAnswer('Not found (or not yours).');
  if (body || query)
    responses['422'] = errorAnswer('Invalid input: `errors` holds one message per field path.');
  responses['500'] = errorAnswer('Something went wrong.');
  const operation: Json = {
    operationId: `${method.toLowerCase()}${path.replace(/\/:(\w+)/g, '_by_$1').replace(/[^\w]+/g, '_')}`,
    tags: [path.split('/')[2] ?? 'api'],
    summary: `${method} ${path}`,
    description: `Who may call it: ${WHO[rule.who]}${rule.audit ? ` Written to the audit log as "${rule.audit}".` : ''}`,
    'x-access': rule.who,
    security: rule.who === 'public' ? [] : rule.who === 'signup' ? [{}, ...signedIn] : signedIn,
    parameters,
    responses,
  };
  if (body) {
    const schemas = schemasOf(body).map(jsonSchemaOf);
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas } } },
    };
  }
  return operation;
}

/**
 * The API's OpenAPI 3.1 document, generated from the routes of `api` (mounted under /api) and the
 * contract schemas their validators (lib/validate) apply, with who may call each one from the
 * access table. Local-only routes (/api/dev, the dev entry) are not part of the deployed API.
 */
export function openApiDocument(api: Hono<Env>): Json {
  const validations = validationsByRoute(api, '/api');
  const paths: Record<string, Json> = {};
  for (const [key, rule] of Object.entries(ACCESS)) {
    if (!validations.has(key) || key.includes(' /api/dev/')) continue;
    const [method = '', path = ''] = key.split(' ');
    const openPath = path.replace(/:(\w+)/g, '{$1}');
    paths[openPath] ??= {};
    (paths[openPath] as Json)[method.toLowerCase()] = operationOf(key, rule, validations.get(key) ?? []);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinic API',
      version: '1',
      description:
        'JSON in and out. Errors answer `{ error, msg, errors?, requestId }`; every answer carries `X-Request-Id`. Lists take `limit` and `offset` and give the full count in `X-Total-Count`; a search with many matches (patients, budgets) counts at most 60 past its page and then adds `X-Total-Count-Exact: false`: at least that many.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'msg'],
          properties: {
            error: { type: 'string', enum: Object.keys(ERROR_STATUS) },
            msg: { type: 'string', description: 'For people.' },
            errors: {
              type: 'object',
              description: 'Invalid input: one message per field path, e.g. "infoUser.name".',
              additionalProperties: {
                type: 'object',
                required: ['msg'],
                properties: { msg: { type: 'string' } },
              },
            },
            requestId: { type: 'string', description: 'Also in the X-Request-Id header and the log line.' },
          },
        },
      },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token POST /api/login answers.' },
      },
    },
  };
}
