import { DurableObject } from 'cloudflare:workers';
import * as v from 'valibot';
import { LiveMessageSchema, type LiveNotice, type LiveWatcher, noticeFor } from '../../contract/live';
import type { Bindings } from '../../env';
import { offersAlarm, scheduleAlarm } from './offer-alarm';

/** The header the worker names the screen's watcher in when it hands the object an upgrade. */
export const WATCHER_HEADER = 'X-Live-Watcher';

/**
 * One per clinic: holds the open calendar, "My turns" and free-slot screens over WebSockets with the
 * Hibernation API, so an idle connection costs no duration, and fans each change notice out to the
 * screens that show one of its dates. It reads nothing from the database for that: screens refetch.
 * Its alarm runs the rounds of waitlist offers for freed starts (services/waitlist).
 */
export class ClinicLive extends DurableObject<Bindings> {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    // The screens' keep-alive is answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** An upgrade the worker has already authenticated and described in WATCHER_HEADER. */
  override async fetch(request: Request): Promise<Response> {
    const watcher = JSON.parse(request.headers.get(WATCHER_HEADER) ?? 'null') as LiveWatcher | null;
    if (!watcher) return new Response(null, { status: 400 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
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
