import type { Bindings } from './env';
import { sendDueReminders } from './services/reminders';

/** The Cron Trigger (wrangler.jsonc `triggers.crons`): reminder mails the day before a turn. */
export const scheduled: ExportedHandlerScheduledHandler<Bindings> = (controller, env, ctx) => {
  ctx.waitUntil(sendDueReminders(env, new Date(controller.scheduledTime)));
};
