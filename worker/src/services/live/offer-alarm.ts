import type { Bindings } from '../../env';
import { runOffers } from '../waitlist/offers';

/** The alarm goes off at the earliest due round; a later request never pushes it back. */
export async function scheduleAlarm(storage: DurableObjectStorage, at: number): Promise<void> {
  const current = await storage.getAlarm();
  if (current === null || at < current) await storage.setAlarm(at);
}

/**
 * The clinic object's alarm: runs the due rounds of waitlist offers, then sets itself for the next
 * one. A failure is retried by the platform (alarms retry with backoff); the cron is a fallback.
 */
export async function offersAlarm(env: Bindings, storage: DurableObjectStorage): Promise<void> {
  const { nextAt } = await runOffers(env, new Date());
  if (nextAt) await storage.setAlarm(Math.max(Date.parse(nextAt), Date.now() + 1000));
}
