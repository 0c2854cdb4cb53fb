import { app } from './app';
import type { Bindings } from './env';
import { runSchedule } from './services/reminders';

export default {
  fetch: app.fetch,
  // The Cron Trigger (wrangler.jsonc `triggers.crons`): reminders the day before a turn, medics' daily agenda.
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runSchedule(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Bindings>;
