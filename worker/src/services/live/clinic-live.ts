import { DurableObject } from 'cloudflare:workers';
import * as v from 'valibot';
import { LiveMessageSchema, type LiveNotice, type LiveWatcher, noticeFor } from '../../contract/live';
import type { Bindings } from '../../env';
import type { EndedSessions, LiveAgenda } from './live-agenda';
import { offersAlarm, scheduleAlarm } from './offer-alarm';

/** The header the worker names the screen's watcher in when it hands the object an upgrade. */
export const WATCHER_HEADER = 'X-Live-Watcher';
/** The header naming the session (and its user) that opens the socket. */
export const SESSION_HEADER = 'X-Live-Session';
/** Sockets one session may hold open: a few tabs and screens, not hundreds. */
export const SOCKETS_PER_SESSION = 10;
/** The close code of a socket whose session ended: its screen does not reconnect with it. */
export const SESSION_ENDED_CODE = 4001;

/** Who opened a socket: the session and its user. */
export interface LiveOwner {
  sessionId: string;
  userId: number;
}

const sessionTag = (id: string): string => `session:${id}`;
const userTag = (id: number): string => `user:${id}`;

/**
 * One per clinic: holds the open calendar, "My turns" and free-slot screens over WebSockets with the
 * Hibernation API, so an idle connection costs no duration, and fans each change notice out to the
 * screens that show one of its dates. It reads nothing from the database for that: screens refetch.
 * Its alarm runs the rounds of waitlist offers for freed starts (services/waitlist).
 */
export class ClinicLive extends DurableObject<Bindings> implements LiveAgenda {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    // The screens' keep-alive is answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** An upgrade the worker has already authenticated and described in WATCHER_HEADER. */
  override async fetch(request: Request): Promise<Response> {
    const watcher = JSON.parse(request.headers.get(WATCHER_HEADER) ?? 'null') as LiveWatcher | null;
    const owner = JSON.parse(request.headers.get(SESSION_HEADER) ?? 'null') as LiveOwner | null;
    if (!watcher || !owner) return new Response(null, { status: 400 });
    // Each socket is tagged with the session that opened it, so the session's end closes it.
    if (this.ctx.getWebSockets(sessionTag(owner.sessionId)).length >= SOCKETS_PER_SESSION) {
      return new Response(null, { status: 429 });
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [sessionTag(owner.sessionId), userTag(owner.userId)]);
    server.serializeAttachment(watcher);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Called by the worker after a write's batch has committed; answers how many screens were told. */
  async notify(notice: LiveNotice): Promise<number> {
    let told = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const message = noticeFor(socket.deserializeAttachment() as LiveWatcher, notice);
      if (!message) continue;
      try {
        socket.send(JSON.stringify(message));
        told++;
      } catch {
        // a socket closing under us: its screen reconnects and refetches
      }
    }
    return told;
  }

  /**
   * Closes the sockets of sessions that ended (signed out, signed out everywhere, a password
   * changed, a factor reset): a socket must not outlive its session. Answers how many were closed.
   */
  async endSessions(ended: EndedSessions): Promise<number> {
    const sockets =
      'sessions' in ended
        ? ended.sessions.flatMap((id) => this.ctx.getWebSockets(sessionTag(id)))
        : this.ctx.getWebSockets(userTag(ended.user));
    const keep = 'keep' in ended && ended.keep !== undefined ? sessionTag(ended.keep) : null;
    let closed = 0;
    for (const socket of sockets) {
      if (keep && this.ctx.getTags(socket).includes(keep)) continue;
      try {
        socket.close(SESSION_ENDED_CODE, 'Session ended');
        closed++;
      } catch {
        // already closing
      }
    }
    return closed;
  }

  /** A freed start's round of waitlist offers is due at `at` (ms): the alarm runs it. */
  async scheduleOffers(at: number): Promise<void> {
    await scheduleAlarm(this.ctx.storage, at);
  }

  override async alarm(): Promise<void> {
    await offersAlarm(this.env, this.ctx.storage);
  }

  /** A screen that moved to other dates says so on its socket instead of reconnecting. */
  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(typeof message === 'string' ? message : new TextDecoder().decode(message));
    } catch {
      return;
    }
    const result = v.safeParse(LiveMessageSchema, parsed);
    if (!result.success) return;
    const watcher = socket.deserializeAttachment() as LiveWatcher;
    socket.serializeAttachment({ ...watcher, ...result.output.watch });
    socket.send(JSON.stringify({ watching: result.output.watch }));
  }

  /** The screen went away: close our side too (1005, "no code", may not be sent back). */
  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    socket.close(code === 1005 ? 1000 : code, reason);
  }
}
