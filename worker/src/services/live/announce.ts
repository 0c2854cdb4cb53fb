import type { Context } from 'hono';
import type { LiveNotice } from '../../contract/live';
import type { Bindings, Env } from '../../env';
import type { EndedSessions } from './live-agenda';

/** The deployment serves one clinic, so it has one live object. */
export const CLINIC = 'clinic';

/** Tells the clinic's object of a change to turns; a screen that misses it catches up on reconnect. */
export async function sendNotice(env: Bindings, notice: LiveNotice | null): Promise<void> {
  if (!notice || notice.dates.length === 0) return;
  try {
    await env.LIVE.get(env.LIVE.idFromName(CLINIC)).notify(notice);
  } catch (err) {
    // The write has committed and answers as usual; open screens catch up at their next refetch.
    console.warn(JSON.stringify({ type: 'live', error: err instanceof Error ? err.name : 'unknown' }));
  }
}

/**
 * Sends the notice of a write once its batch has committed, without holding the answer: deployed,
 * after the answer (waitUntil); where there is no execution context (a test's `app.request`), now.
 * `notice` may be a function, for a write whose dates are read after it (a paid consultation).
 */
export async function announceTurns(
  c: Context<Env>,
  notice: LiveNotice | (() => Promise<LiveNotice | null>),
): Promise<void> {
  const work = (async () => sendNotice(c.env, typeof notice === 'function' ? await notice() : notice))();
  let ctx: Pick<ExecutionContext, 'waitUntil'> | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined;
  }
  if (ctx) ctx.waitUntil(work);
  else await work;
}

/**
 * Closes the live sockets of sessions that just ended. A failure is logged, not thrown: the session
 * is already gone, and a socket left open only until its next reconnect, which its session fails.
 */
export async function closeLiveSockets(env: Bindings, ended: EndedSessions): Promise<void> {
  try {
    await env.LIVE.get(env.LIVE.idFromName(CLINIC)).endSessions(ended);
  } catch (err) {
    console.warn(JSON.stringify({ type: 'live', error: err instanceof Error ? err.name : 'unknown' }));
  }
}
