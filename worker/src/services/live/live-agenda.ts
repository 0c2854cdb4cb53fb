import type { LiveNotice } from '../../contract/live';

/** Which sessions ended: some by ID, or every one of a user but `keep`. */
export type EndedSessions = { sessions: string[] } | { user: number; keep?: string };

/**
 * What the clinic's live agenda (the `ClinicLive` Durable Object) answers over RPC: the binding's
 * type in env.ts, declared here so env.ts needs nothing of the object's code (which needs env.ts).
 */
export interface LiveAgenda extends Rpc.DurableObjectBranded {
  /** Tells the open screens of a change; answers how many were told. */
  notify(notice: LiveNotice): Promise<number>;
  /** Closes the sockets of ended sessions; answers how many were closed. */
  endSessions(ended: EndedSessions): Promise<number>;
  /** Runs a round of waitlist offers at `at` (ms since the epoch) or sooner. */
  scheduleOffers(at: number): Promise<void>;
}
