import { openDb } from './db/client';
import type { Bindings } from './env';
import { runBackup } from './services/backup/backup';
import { forgetOldIdempotencyKeys } from './services/idempotency/idempotent';
import { runSchedule } from './services/reminders';
import { runOffers } from './services/waitlist/offers';
import { sendRecallMails } from './services/waitlist/recall-mail';

/**
 * The Cron Trigger (wrangler.jsonc `triggers.crons`): reminders the day before a turn, medics' daily
 * agenda, recall mails, and any round of waitlist offers the clinic object's alarm has not run.
 */
export const scheduled: ExportedHandlerScheduledHandler<Bindings> = (controller, env, ctx) => {
  const now = new Date(controller.scheduledTime);
  ctx.waitUntil(runSchedule(env, now));
  // The answers kept for writes sent again (services/idempotency/idempotent.ts) are kept a day.
  ctx.waitUntil(
    forgetOldIdempotencyKeys(openDb(env), now).catch((err) => console.error('idempotency keys', err)),
  );
  // The day's encrypted backup (the first run of each UTC day writes it) and the retention.
  ctx.waitUntil(runBackup(env, now).catch((err) => console.error('backup failed', err)));
  ctx.waitUntil(
    Promise.all([runOffers(env, now), sendRecallMails(env, now)]).catch((err) => {
      console.error(JSON.stringify({ level: 'error', msg: `waitlist and recalls: ${String(err)}` }));
    }),
  );
};
