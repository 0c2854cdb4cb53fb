import { app } from './app';
import type { Bindings } from './env';
import { sendDueReminders } from './services/reminders';

export default {
  fetch: app.fetch,
  // The Cron Trigger (wrangler.jsonc `triggers.crons`): reminder mails the day before a turn.
  scheduled(controller, env, ctx) {
    ctx.waitUntil(sendDueReminders(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Bindings>;
