import { Hono } from 'hono';
import { ABSOLUTE_MS, endSession, IDLE_MS } from '../../auth/session';
import { MSG } from '../../contract/messages';
import {
  type OpenSession,
  SessionIdParamSchema,
  SessionsAnswerSchema,
  SessionsEndedAnswerSchema,
} from '../../contract/open-sessions';
import { MessageAnswerSchema } from '../../contract/second-factor';
import { type Env, isLocal } from '../../env';
import { AppError } from '../../lib/errors';
import { json, route } from '../../lib/route';
import { paramsOf } from '../../lib/validate';
import { closeLiveSockets } from '../../services/live/announce';
import { browserOf, endOtherSessions, endOwnSession, sessionsOf } from './sessions.repo';

/**
 * The signed-in user's own sessions: each one listed with when it started and was last used, its
 * browser and approximate place, and ended one by one or all but this one.
 */
export const sessionsRoutes = new Hono<Env>()
  .get(
    '/',
    route({
      // The signed-in user's own open sessions.
      who: 'user',
      summary: 'My open sessions',
      success: [json(200, SessionsAnswerSchema, 'Newest first.')],
    }),
    async (c) => {
      const user = c.get('user');
      if (!user) throw new AppError('unauthorized', MSG.notSignedIn);
      const at = Date.now();
      const rows = await sessionsOf(c.get('db'), user.id, at - IDLE_MS, at - ABSOLUTE_MS);
      const local = isLocal(c.env);
      const answer: OpenSession[] = rows.map((row) => ({
        id: row.id,
        current: row.id === user.sessionId,
        startedAt: new Date(row.createdAt).toISOString(),
        lastUsedAt: new Date(row.lastSeenAt).toISOString(),
        browser: browserOf(row.userAgent),
        place: local ? 'this computer' : row.place || 'Unknown place',
      }));
      c.header('Cache-Control', 'no-store');
      return c.json(answer, 200);
    },
  )
  .delete(
    '/',
    route({
      who: 'user',
      summary: 'End my other sessions',
      success: [json(200, SessionsEndedAnswerSchema, 'Every other session ended.')],
    }),
    async (c) => {
      const user = c.get('user');
      if (!user) throw new AppError('unauthorized', MSG.notSignedIn);
      const ended = await endOtherSessions(c.get('db'), user.id, user.sessionId);
      await closeLiveSockets(c.env, { user: user.id, keep: user.sessionId });
      return c.json({ ok: true as const, msg: MSG.otherSessionsEnded, ended }, 200);
    },
  )
  .delete(
    '/:id',
    route({
      who: 'user',
      summary: 'End one of my sessions',
      success: [json(200, MessageAnswerSchema, 'Ended.')],
    }),
    paramsOf(SessionIdParamSchema),
    async (c) => {
      const user = c.get('user');
      if (!user) throw new AppError('unauthorized', MSG.notSignedIn);
      const { id } = c.req.valid('param');
      if (id === user.sessionId) {
        await endSession(c, id);
        return c.json({ ok: true as const, msg: MSG.sessionEnded }, 200);
      }
      if (!(await endOwnSession(c.get('db'), user.id, id))) throw new AppError('not_found', MSG.notFound);
      await closeLiveSockets(c.env, { sessions: [id] });
      return c.json({ ok: true as const, msg: MSG.sessionEnded }, 200);
    },
  );
