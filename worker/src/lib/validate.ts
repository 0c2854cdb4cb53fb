import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { MSG } from '../contract/messages';
import { check } from '../contract/validation';
import type { Env } from '../env';
import { AppError, invalid } from './errors';
import { declarationOf, matchedRoute } from './route';

/** What a validator checks: the request part and the contract schema (or a function of the caller). */
export interface Validation {
  target: 'json' | 'query' | 'param';
  schema: v.GenericSchema | ((c: Context<Env>) => v.GenericSchema);
}

const validations = new WeakMap<object, Validation>();
/** The `dryRunnable()` middlewares: their routes take `?validate=true` without a JSON body. */
const dryRunnables = new WeakSet<object>();

/** The schema a route handler validates with, when it is one of the validators below (routes/docs/openapi reads it). */
export const validationOf = (handler: object): Validation | undefined => validations.get(handler);

const described = <H extends object>(handler: H, validation: Validation): H => {
  validations.set(handler, validation);
  return handler;
};

/**
 * Validates a JSON body with a contract schema. Invalid → 422 with `errors`.
 * With `?validate=true` the same check runs, nothing is written, and the answer is
 * 200 `{ errors }` (empty when valid). The schema may depend on the caller (a function of the context).
 */
export const jsonBody = <S extends v.GenericSchema>(
  schema: S | ((c: Context<Env>) => S),
  /**
   * `handlerChecks`: the route's handler has checks of its own that need the database (a discount
   * above the priced total): in validate mode a valid body goes on to the handler, which runs them
   * and stops before writing (`dryRun(c)`); their 422 is answered as the dry run's 200 `{ errors }`.
   */
  options: { handlerChecks?: boolean } = {},
) =>
  described(
    // The client sends the schema's input (for a tagged schema, the untagged body); the handler
    // reads its output.
    validator<
      v.InferInput<S>,
      string,
      string,
      'json',
      string,
      (value: v.InferInput<S>, c: Context<Env>) => v.InferOutput<S> | Response
    >('json', (value, c) => checkBody(c, typeof schema === 'function' ? schema(c) : schema, value, options)),
    { target: 'json', schema },
  );

/**
 * A JSON body checked with `schema`: its value, or 422 with `errors`. With `?validate=true` the
 * answer is 200 `{ errors }` (empty when valid) and nothing is written; with `handlerChecks`, a valid
 * body goes on to the handler in a dry run instead. `jsonBody` runs it; a route that picks its body
 * by content type (a study's JSON link or its multipart upload) calls it itself.
 */
export function checkBody<S extends v.GenericSchema>(
  c: Context<Env>,
  schema: S,
  value: unknown,
  options: { handlerChecks?: boolean } = {},
): v.InferOutput<S> | Response {
  const result = check(schema, value);
  // The dry run's answer is left out of the route's typed answers (a plain Response): callers of
  // the route get its real answer's type, and the kit reads the dry run's `{ errors }` itself.
  if (c.req.query('validate') === 'true') {
    if (result.ok && options.handlerChecks) {
      c.set('validateOnly', true);
      return result.value as v.InferOutput<S>;
    }
    return c.json({ errors: result.ok ? {} : result.errors }, 200) as Response;
  }
  if (!result.ok) throw invalid(result.errors);
  return result.value as v.InferOutput<S>;
}

/** Validates query parameters the same way. */
export const queryOf = <S extends v.GenericSchema>(schema: S) =>
  described(
    validator('query', (value) => {
      const result = check(schema, value);
      if (!result.ok) throw invalid(result.errors);
      return result.value as v.InferOutput<S>;
    }),
    { target: 'query', schema },
  );

/** Validates path parameters; a malformed ID is a 404, like one that does not exist. */
export const paramsOf = <S extends v.GenericSchema>(schema: S) =>
  described(
    validator('param', (value) => {
      const result = check(schema, value);
      if (!result.ok) throw new AppError('not_found', MSG.notFound);
      return result.value as v.InferOutput<S>;
    }),
    { target: 'param', schema },
  );

/**
 * A schema whose parsed value also names which one it was (`as`), for a route that takes one of
 * several bodies depending on the caller (sign-up or a medic registering someone; a patient's request
 * or a medic's turn): the handler branches on `as` without a cast, and the typed client accepts either body.
 */
export const tagged = <K extends string, S extends v.GenericSchema>(as: K, schema: S) =>
  v.pipe(
    schema,
    v.transform((input: v.InferOutput<S>) => ({ as, input })),
  );

/** Whether this request is a dry run that reached its handler: run every check, write nothing. */
export const dryRun = (c: Context<Env>): boolean => c.get('validateOnly') === true;

/**
 * A dry run that passed every check ends here: `throw dryRunPassed()` answers 200 `{ errors: {} }`
 * (onError answers a dry run's field errors so), and the route's typed answers stay its real ones.
 */
export const dryRunPassed = (): AppError => new AppError('invalid', MSG.invalidInput, {});

/**
 * A write route without a body (`PUT /medics/{id}/approve`, `DELETE /waitlist/{id}`) takes
 * `?validate=true` too: the handler runs its checks and, with `dryRun(c)`, answers 200
 * `{ errors: {} }` instead of writing. One middleware per route: a handler belongs to one file.
 */
export const dryRunnable = () => {
  const middleware = createMiddleware<Env>(async (c, next) => {
    if (c.req.query('validate') === 'true') c.set('validateOnly', true);
    await next();
  });
  dryRunnables.add(middleware);
  return middleware;
};

/**
 * Whether a route, given its handlers (its validators, middlewares and handler), takes
 * `?validate=true`: it validates a JSON body (`jsonBody`), it is `dryRunnable()`, or it reads a
 * body of its own with `checkBody` (a declaration with `bodies`).
 */
export function takesDryRun(handlers: readonly unknown[]): boolean {
  return handlers.some(
    (h) =>
      typeof h === 'function' &&
      (dryRunnables.has(h) ||
        validations.get(h)?.target === 'json' ||
        declarationOf(h)?.bodies !== undefined),
  );
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A write asked with `?validate=true` of a route that has no dry run is refused (400) before its
 * handler runs: it would otherwise do what it does, when the caller asked for nothing to be written.
 */
export const refuseUnknownDryRun = createMiddleware<Env>(async (c, next) => {
  if (WRITES.has(c.req.method) && c.req.query('validate') === 'true') {
    const matched = matchedRoute(c);
    if (matched && !takesDryRun(matched.handlers)) throw new AppError('bad_request', MSG.noDryRun);
  }
  await next();
});
