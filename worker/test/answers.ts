import * as v from 'valibot';
import { DryRunSchema, ErrorSchema } from '../src/contract/answers';
import { devApp } from '../src/index.dev';
import { declarationsOf } from '../src/lib/route';
import { openApiDocument } from '../src/routes/docs/openapi';

type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

const DECLARED = Object.fromEntries(
  [...declarationsOf(devApp)].filter(([key]) => !key.includes(' /api/dev/')),
);

/** The routes of the description, literal paths before those with parameters (`/medics/pending` before `/medics/:id`). */
const ROUTES = Object.keys(DECLARED)
  .map((key) => {
    const [method = '', path = ''] = key.split(' ');
    const pattern = path.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+');
    return { key, method, path, params: (path.match(/:/g) ?? []).length, re: new RegExp(`^${pattern}/?$`) };
  })
  .sort((a, b) => a.params - b.params);

let described: Document | undefined;
/**
 * The description the worker serves at /api/openapi.json, made here from the same app and the same
 * function (no request: a test counting requests, log lines or rate limits sees only its own).
 */
const documentOf = (origin: string): Document => {
  described ??= openApiDocument(devApp, { origin, prefix: '' }) as unknown as Document;
  return described;
};

const issuesOf = (issues: v.BaseIssue<unknown>[]): string =>
  issues
    .slice(0, 5)
    .map((issue) => `${v.getDotPath(issue) ?? '(body)'}: ${issue.message}`)
    .join('; ');

/**
 * Checks one answer of the API against its route's description: its status must be one the
 * description lists, and its JSON body must match that status's schema in the contract
 * (its declaration), or the error schema. Throws, failing the test, on any drift.
 */
export async function checkAnswer(method: string, url: string, res: Response): Promise<void> {
  const { pathname, searchParams, origin } = new URL(url);
  const route = ROUTES.find((r) => r.method === method && r.re.test(pathname));
  if (!route || res.status === 101) return;
  const doc = documentOf(origin);
  const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  const where = `${route.key} answered ${res.status}`;
  const answers = DECLARED[route.key];
  // A route described apart from the paths (a WebSocket, a local stand-in) lists its successes in
  // the contract; its errors are the API's errors.
  const content = answers?.outside
    ? Object.fromEntries(
        answers.success
          .filter((s) => s.status === res.status)
          .map((s) => [s.media ?? 'application/json', {}]),
      )
    : op?.responses[String(res.status)]?.content;
  const listed = answers?.outside
    ? res.status >= 400 || answers.success.some((s) => s.status === res.status)
    : op?.responses[String(res.status)] !== undefined;
  if (!listed) {
    throw new Error(`${where}, a status its description does not list (${Object.keys(op?.responses ?? {})})`);
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json')) {
    const media = type.split(';')[0] ?? '';
    if (res.status >= 300 && res.status < 400) return;
    if (!content?.[media]) throw new Error(`${where} with ${media}, which its description does not list`);
    return;
  }
  const body: unknown = await res.clone().json();
  const schemas: v.GenericSchema[] =
    res.status >= 400
      ? [ErrorSchema]
      : (answers?.success ?? [])
          .filter((s) => s.status === res.status)
          .flatMap((s) => (s.schema ? [s.schema] : []));
  if (res.status === 200 && searchParams.get('validate') === 'true') schemas.push(DryRunSchema);
  const results = schemas.map((schema) => v.safeParse(schema, body));
  if (results.some((r) => r.success)) return;
  const issues = results.flatMap((r) => r.issues ?? []);
  throw new Error(`${where} with a body its description does not match: ${issuesOf(issues)}`);
}
