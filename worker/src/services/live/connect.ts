import type { Context } from 'hono';
import type { LiveWatch, LiveWatcher } from '../../contract/live';
import { MSG } from '../../contract/messages';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { appOrigin } from '../../lib/http';
import { CLINIC } from './announce';
import { type LiveOwner, SESSION_HEADER, WATCHER_HEADER } from './clinic-live';

/**
 * `GET /api/turns/live`: hands a signed-in screen's WebSocket upgrade to the clinic's object,
 * with what it watches and whether its user may see turn IDs (a medic) or only dates (a patient).
 * The session was checked by the access middleware like any calendar read. A page on another site may
 * not open one (the browser sends its Origin on every WebSocket handshake).
 */
export async function connectScreen(c: Context<Env>, watch: LiveWatch): Promise<Response> {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    throw new AppError('upgrade_required', MSG.liveNeedsWebSocket);
  }
  if (c.req.header('origin') !== appOrigin(c)) throw new AppError('forbidden', MSG.foreignOrigin);
  const user = c.get('user');
  if (!user) throw new AppError('unauthorized', MSG.notSignedIn);
  const watcher: LiveWatcher = { ...watch, role: user.userType === 'Medic' ? 'medic' : 'patient' };
  const owner: LiveOwner = { sessionId: user.sessionId, userId: user.id };
  const headers = new Headers({
    Upgrade: 'websocket',
    [WATCHER_HEADER]: JSON.stringify(watcher),
    [SESSION_HEADER]: JSON.stringify(owner),
  });
  const live = c.env.LIVE;
  const res = await live.get(live.idFromName(CLINIC)).fetch(new Request(c.req.url, { headers }));
  if (res.status === 429) throw new AppError('too_many_requests', MSG.tooManyLiveAgendas);
  // The object's answer has immutable headers; the app's middleware adds its own to the copy.
  return new Response(res.body, {
    status: res.status,
    headers: new Headers(res.headers),
    webSocket: res.webSocket,
  });
}
