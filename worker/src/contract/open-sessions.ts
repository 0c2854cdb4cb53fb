import * as v from 'valibot';
import { MSG } from './messages';

/** One open session of the signed-in user, as the 'Sessions' section lists it. */
export const OpenSessionSchema = v.strictObject({
  /** Names the session to end; it is a hash of the token, never the token. */
  id: v.string(),
  /** The session this request came with. */
  current: v.boolean(),
  /** ISO timestamps. */
  startedAt: v.string(),
  lastUsedAt: v.string(),
  /** e.g. 'Chrome on Linux', from the User-Agent at sign-in. */
  browser: v.string(),
  /** Country from CF-IPCountry deployed; 'this computer' locally. */
  place: v.string(),
});
export type OpenSession = v.InferOutput<typeof OpenSessionSchema>;

/** GET /api/sessions: newest first. */
export const SessionsAnswerSchema = v.array(OpenSessionSchema);

/** DELETE /api/sessions: every other session of the user ends. */
export const SessionsEndedAnswerSchema = v.strictObject({
  ok: v.literal(true),
  msg: v.string(),
  ended: v.number(),
});

/** DELETE /api/sessions/:id: the ID a listed session carries. */
export const SessionIdParamSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, MSG.notFound)),
});
