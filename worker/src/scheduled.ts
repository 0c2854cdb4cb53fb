import type { Bindings } from './env';
import { runSchedule } from './services/reminders';

/** The Cron Trigger (wrangler.jsonc `triggers.crons`): reminders the day before a turn, medics' daily agenda. */
export const scheduled: ExportedHandlerScheduledHandler<Bindings> = (controller, env, ctx) => {
  ctx.waitUntil(runSchedule(env, new Date(controller.scheduledTime)));
};
