import { type ConversionConfig, toJsonSchema } from '@valibot/to-json-schema';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { SESSION_COOKIE } from '../../auth/session';
import * as answers from '../../contract/answers';
import { SessionsAnswerSchema } from '../../contract/open-sessions';
import { TOTAL_COUNT_HEADER, TOTAL_EXACT_HEADER } from '../../contract/validation';
import type { Env, SessionUser } from '../../env';
import {
  declarationsOf,
  type ErrorStatus,
  type RouteAnswers,
  type Rule,
  type Success,
} from '../../lib/route';
import { takesDryRun, type Validation, validationOf } from '../../lib/validate';

type Json = Record<string, unknown>;

/**
 * A field the schema cannot do without, though valibot calls it optional: `v.optional(x, '')` feeds
 * its default to `x`, so that leaving the field out gives the field's own message ("Name is
 * required"). For a client it is required, and the default is no default.
 */
const requiredInDisguise = (entry: v.GenericSchema): boolean =>
  (entry.type === 'optional' || entry.type === 'nullish' || entry.type === 'exact_optional') &&
  !v.safeParse(entry, undefined).success;

const OBJECTS = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

/** The library's conversion, with the one correction above for objects. */
const correctRequired: ConversionConfig['overrideSchema'] = ({ valibotSchema, jsonSchema }) => {
  if (!OBJECTS.has(valibotSchema.type) || !('entries' in valibotSchema)) return undefined;
  const entries = valibotSchema.entries as Record<string, v.GenericSchema>;
  const required = new Set((jsonSchema.required as string[] | undefined) ?? []);
  const properties = (jsonSchema.properties ?? {}) as Record<string, Json>;
  for (const [key, entry] of Object.entries(entries)) {
    if (!requiredInDisguise(entry)) continue;
    required.add(key);
    const property = properties[key];
    if (property) delete property.default;
  }
  const ordered = Object.keys(entries).filter((key) => required.has(key));
  return { ...jsonSchema, required: ordered };
};

const strip = (schema: Json): Json => {
  const { $schema: _, $defs: __, ...rest } = schema;
  return rest;
};

/** A contract schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), describing what a client sends. */
export function jsonSchemaOf(schema: v.GenericSchema): Json {
  return strip(
    toJsonSchema(schema, {
      target: 'draft-2020-12',
      typeMode: 'input',
      errorMode: 'ignore',
      overrideSchema: correctRequired,
    }) as Json,
  );
}

/**
 * The answers with a name of their own: `#/components/schemas/<name>`. Every other answer schema is
 * written in place.
 */
export const NAMED_ANSWERS: Record<string, v.GenericSchema> = {
  Error: answers.ErrorSchema,
  DryRun: answers.DryRunSchema,
  LoginResult: answers.LoginResultSchema,
  Me: answers.MeSchema,
  SignUpResult: answers.SignUpResultSchema,
  Patient: answers.PatientSchema,
  PatientListEntry: answers.PatientListEntrySchema,
  Medic: answers.MedicSchema,
  MedicRecordResult: answers.MedicRecordResultSchema,
  PendingMedic: answers.PendingMedicSchema,
  Clinic: answers.ClinicSchema,
  Treatment: answers.TreatmentSchema,
  Tooth: answers.ToothSchema,
  ClinicalHistory: answers.ClinicalHistorySchema,
  Evolution: answers.EvolutionSchema,
  Study: answers.StudySchema,
  Turn: answers.TurnSchema,
  FreeSlots: answers.FreeSlotsSchema,
  Budget: answers.BudgetSchema,
  BudgetDetails: answers.BudgetDetailsSchema,
  PaymentPreference: answers.PaymentPreferenceSchema,
  AccessLogRow: answers.AccessLogRowSchema,
  Sessions: SessionsAnswerSchema,
};

const answerConfig: ConversionConfig = {
  target: 'draft-2020-12',
  typeMode: 'output',
  errorMode: 'ignore',
  definitions: NAMED_ANSWERS,
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
};

/** An answer schema as JSON Schema, naming the contract's named answers by reference. */
export const answerSchemaOf = (schema: v.GenericSchema): Json =>
  strip(toJsonSchema(schema, answerConfig) as Json);

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

/** What the routes of an app check, by `METHOD path` as the route declarations name them. */
export interface RouteChecks {
  validations: Validation[];
  /** The route takes `?validate=true` without a body (lib/validate `dryRunnable`). */
  dryRunnable: boolean;
}

/** The validations of every route of an app, by `METHOD path` as the route declarations name them. */
export function validationsByRoute(app: Hono<Env>, prefix = ''): Map<string, RouteChecks> {
  const byRoute = new Map<string, RouteChecks>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${prefix}${route.path}`;
    const checks = byRoute.get(key) ?? { validations: [], dryRunnable: false };
    const validation = validationOf(route.handler);
    if (validation) checks.validations.push(validation);
    // A `dryRunnable()` middleware (each route makes its own), not the factory itself.
    if (validation === undefined && takesDryRun([route.handler])) checks.dryRunnable = true;
    byRoute.set(key, checks);
  }
  return byRoute;
}

const WHO: Record<Rule['who'], string> = {
  public: 'Anyone.',
  user: 'Anyone signed in.',
  medic: 'An approved medic.',
  patient: 'A signed-in patient, for their own records.',
  owner: 'An approved medic, or the patient whose records these are (anyone else gets 404).',
  signup: 'Nobody signed in (signing up), or an approved medic (registering someone).',
};

const signedIn = [{ sessionCookie: [] }, { bearerAuth: [] }];

/** The tags: one per area of the clinic, each path in one. */
export const TAGS = [
  {
    name: 'Accounts',
    description: 'Signing in and out, the second factor, sessions, passwords and social sign-in.',
  },
  { name: 'Patients', description: 'Patients, their clinical history, evolutions, studies and access log.' },
  { name: 'Clinic', description: 'The clinic, its medics and its price list.' },
  { name: 'Turns', description: 'The calendar, free slots, the live agenda and reminder mails.' },
  { name: 'Budgets', description: 'Budgets and their payment.' },
  { name: 'System', description: 'Health and this description.' },
] as const;

const TAG_OF: Record<string, (typeof TAGS)[number]['name']> = {
  health: 'System',
  'openapi.json': 'System',
  docs: 'System',
  login: 'Accounts',
  logout: 'Accounts',
  me: 'Accounts',
  password: 'Accounts',
  auth: 'Accounts',
  'second-factor': 'Accounts',
  sessions: 'Accounts',
  patients: 'Patients',
  clinicalhistories: 'Patients',
  evolutions: 'Patients',
  studies: 'Patients',
  tooth: 'Patients',
  Clinics: 'Clinic',
  treatments: 'Clinic',
  medics: 'Clinic',
  turns: 'Turns',
  reminders: 'Turns',
  Budgets: 'Budgets',
  payments: 'Budgets',
};

const tagOf = (key: string): string => {
  if (key.endsWith('/second-factor')) return 'Accounts';
  return TAG_OF[key.split('/')[2] ?? ''] ?? 'System';
};

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/**
 * Every error status a route can answer, with why: those of its access rule, its validators and
 * the API's shared middleware, then the route's own (its declaration).
 */
export function errorStatusesOf(
  key: string,
  rule: Rule,
  checks: RouteChecks,
  own: RouteAnswers['errors'] = {},
): Map<ErrorStatus | 500, string> {
  const [method = ''] = key.split(' ');
  const write = method !== 'GET';
  const has = (target: Validation['target']) => checks.validations.some((x) => x.target === target);
  const found = new Map<ErrorStatus | 500, string>();
  const add = (status: ErrorStatus | 500, why: string) => {
    found.set(status, found.has(status) ? `${found.get(status)} ${why}` : why);
  };
  if (write) add(400, 'The body is not valid JSON.');
  if (rule.who !== 'public' && rule.who !== 'signup')
    add(401, 'Not signed in, or the sign-in is not finished.');
  if (rule.who === 'signup') add(401, 'A session that has ended (signed out elsewhere, or expired).');
  if (rule.who === 'public') add(403, 'Local runs answer only loopback host names.');
  else if (rule.who === 'user') add(403, 'Not allowed.');
  else add(403, 'Not allowed for this caller.');
  if (write) add(403, 'A write from another site (`Origin`).');
  if (has('param') || rule.who === 'owner' || rule.who === 'patient') add(404, 'Not found (or not yours).');
  if (write) {
    add(413, 'The body is too large (1 MB of JSON).');
    add(415, 'The body is not JSON.');
  }
  if (has('json') || has('query') || own[422] !== undefined)
    add(422, 'Invalid input: `errors` holds one message per field path.');
  for (const [status, why] of Object.entries(own)) add(Number(status) as ErrorStatus, why);
  if (write) add(503, 'Deployed without its origin setting (`APP_ORIGIN`): nothing was written.');
  if (!write && rule.audit) add(503, "The access log did not accept this read's entry: nothing was shown.");
  add(500, 'Something went wrong (logged with the request id).');
  return new Map([...found].sort(([a], [b]) => a - b));
}

/** The success statuses of a route as documented: its own, and the dry run's 200 where it takes one. */
export function successOf(answer: RouteAnswers, dryRun: boolean): Map<number, Success[]> {
  const byStatus = new Map<number, Success[]>();
  for (const success of answer.success)
    byStatus.set(success.status, [...(byStatus.get(success.status) ?? []), success]);
  if (dryRun) {
    const dry: Success = {
      status: 200,
      schema: answers.DryRunSchema,
      description: 'With `?validate=true`: every check the write would make, nothing written.',
    };
    byStatus.set(200, [...(byStatus.get(200) ?? []), dry]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

const totalHeaders = {
  [TOTAL_COUNT_HEADER]: {
    description: 'The full count of the list (a lower bound when `X-Total-Count-Exact` is false).',
    schema: { type: 'integer', minimum: 0 },
  },
  [TOTAL_EXACT_HEADER]: {
    description: '`false` when a search counted only up to its cap past the page.',
    schema: { type: 'string', enum: ['false'] },
  },
};

function successAnswer(list: Success[], example: unknown): Json {
  const description = list.map((x) => x.description).join(' Or: ');
  const [first] = list;
  const answer: Json = { description };
  if (list.some((x) => x.counted)) answer.headers = totalHeaders;
  if (first?.media) {
    answer.content = {
      [first.media]: {
        schema: { type: 'string', ...(first.media === 'application/pdf' ? { format: 'binary' } : {}) },
      },
    };
    return answer;
  }
  const schemas = list.flatMap((x) => (x.schema ? [answerSchemaOf(x.schema)] : []));
  if (schemas.length === 0) return answer;
  const media: Json = { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } };
  if (example !== undefined) media.example = example;
  // A list that also exports (`?format=csv`) answers the same status as a CSV file.
  const csv = list.some((x) => x.media === 'text/csv') ? { 'text/csv': { schema: { type: 'string' } } } : {};
  answer.content = { 'application/json': media, ...csv };
  return answer;
}

function operationOf(
  key: string,
  rule: Rule,
  checks: RouteChecks,
  answer: RouteAnswers,
  example: unknown,
): Json {
  const [method = '', path = ''] = key.split(' ');
  const { validations } = checks;
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
  const dryRun = Boolean(body) || checks.dryRunnable || answer.bodies?.['application/json'] !== undefined;
  if (dryRun) {
    parameters.push({
      name: 'validate',
      in: 'query',
      required: false,
      description: '`true`: run every check of the write, write nothing, answer 200 `{ errors }`.',
      schema: { type: 'string', enum: ['true'] },
    });
  }
  if (key === 'POST /api/login') {
    parameters.push({
      name: 'bearer',
      in: 'query',
      required: false,
      description: '`true`: the answer carries the session `token`, for `Authorization: Bearer`.',
      schema: { type: 'string', enum: ['true'] },
    });
  }
  const responses: Json = {};
  for (const [status, list] of successOf(answer, dryRun)) {
    responses[String(status)] = successAnswer(
      list,
      status === answer.success[0]?.status ? example : undefined,
    );
  }
  // A page for people (the mailed reminders link) answers a browser's 404 as a page too.
  const page = answer.success.some((x) => x.media === 'text/html');
  for (const [status, why] of errorStatusesOf(key, rule, checks, answer.errors)) {
    const content =
      page && status === 404
        ? { ...errorContent, 'text/html': { schema: { type: 'string' } } }
        : errorContent;
    responses[String(status)] = { description: why, content };
  }
  const audit = rule.audit ? `\n\nWritten to the audit log as "${rule.audit}".` : '';
  const operation: Json = {
    operationId: `${method.toLowerCase()}${path.replace(/\/:(\w+)/g, '_by_$1').replace(/[^\w]+/g, '_')}`,
    tags: [tagOf(key)],
    summary: answer.summary,
    description: `${answer.description ? `${answer.description}\n\n` : ''}**Who may call it:** ${WHO[rule.who]}${audit}`,
    'x-access': rule.who,
    security: rule.who === 'public' ? [] : rule.who === 'signup' ? [{}, ...signedIn] : signedIn,
    parameters,
    responses,
  };
  if (answer.bodies) {
    operation.requestBody = {
      required: true,
      content: Object.fromEntries(
        Object.entries(answer.bodies).map(([media, schema]) => [media, { schema: jsonSchemaOf(schema) }]),
      ),
    };
  }
  if (body) {
    const schemas = schemasOf(body).map(jsonSchemaOf);
    operation.requestBody = {
      required: true,
      // Which body applies depends on the caller, not on its shape: any of them, not exactly one.
      content: { 'application/json': { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } } },
    };
  }
  return operation;
}

/** Answer examples by route key, from the demo clinic (routes/docs/examples). */
export type Examples = Partial<Record<string, unknown>>;

const DESCRIPTION = `The clinic's API: JSON in and out, under \`/api\`.

- **Sign in** with \`POST /api/login\`: it sets an HttpOnly session cookie. A program that cannot keep cookies asks for the token with \`?bearer=true\` and sends \`Authorization: Bearer <token>\`.
- **Writes** carry \`Origin\` (or \`Sec-Fetch-Site: same-origin\`); \`?validate=true\` runs every check of a write and writes nothing.
- **Errors** answer the right status and \`{ error, msg, requestId, errors? }\` (the \`Error\` schema); every answer carries \`X-Request-Id\`.
- **Lists** take \`limit\` (default 50, at most 200) and \`offset\` and give the full count in \`X-Total-Count\`; a search with many matches counts at most 60 past its page and then adds \`X-Total-Count-Exact: false\`.
- Dates are \`YYYY-MM-DD\`; times and durations of turns are decimal hours (9.5 is 09:30); amounts are in the clinic's currency units.`;

/**
 * The API's OpenAPI 3.1 document, generated from the routes of `api` (mounted under /api), the
 * contract schemas their validators apply, and each route's declaration (its answers and who may
 * call it). Local-only routes (/api/dev, the dev entry) are not part of the deployed API.
 */
export function openApiDocument(
  api: Hono<Env>,
  options: {
    origin: string;
    examples?: Examples /** The app's mount point: /api, or '' for the whole worker. */;
    prefix?: string;
  },
): Json {
  const byRoute = validationsByRoute(api, options.prefix ?? '/api');
  const paths: Record<string, Json> = {};
  const outside: string[] = [];
  for (const [key, declaration] of declarationsOf(api, options.prefix ?? '/api')) {
    const rule = declaration;
    const answer = declaration;
    if (key.includes(' /api/dev/')) continue;
    if (answer.outside) {
      outside.push(`- \`${key.replace(/:(\w+)/g, '{$1}')}\`: ${answer.summary}. ${answer.outside}`);
      continue;
    }
    const [method = '', path = ''] = key.split(' ');
    const openPath = path.replace(/:(\w+)/g, '{$1}');
    paths[openPath] ??= {};
    (paths[openPath] as Json)[method.toLowerCase()] = operationOf(
      key,
      rule,
      byRoute.get(key) ?? { validations: [], dryRunnable: false },
      answer,
      options.examples?.[key],
    );
  }
  const schemas = Object.fromEntries(
    Object.entries(NAMED_ANSWERS).map(([name, schema]) => [
      name,
      strip(
        toJsonSchema(schema, { ...answerConfig, definitions: { ...NAMED_ANSWERS, [name]: v.any() } }) as Json,
      ),
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinic API',
      version: '1.0.0',
      description: `${DESCRIPTION}\n\nNot among the paths below:\n${outside.join('\n')}`,
      contact: { name: 'Clinic', url: `${options.origin}/api/docs` },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: options.origin, description: 'This server.' }],
    tags: TAGS,
    paths,
    components: {
      schemas,
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The HttpOnly cookie `POST /api/login` sets (SameSite=Lax).',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'The `token` that `POST /api/login?bearer=true` answers.',
        },
      },
    },
  };
}
