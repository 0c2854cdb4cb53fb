import type { Bindings } from './env';
import { runBackup } from './services/backup/backup';
import { runSchedule } from './services/reminders';

/** The Cron Trigger (wrangler.jsonc `triggers.crons`): reminders the day before a turn, medics' daily agenda. */
export const scheduled: ExportedHandlerScheduledHandler<Bindings> = (controller, env, ctx) => {
  ctx.waitUntil(runSchedule(env, new Date(controller.scheduledTime)));
  // The day's encrypted backup (the first run of each UTC day writes it) and the retention.
  ctx.waitUntil(
    runBackup(env, new Date(controller.scheduledTime)).catch((err) => console.error('backup failed', err)),
  );
};
