import { type Context, Hono } from 'hono';
import { optOutPatient, signsVersion } from '../../auth/opt-out';
import { RemindersInputSchema } from '../../contract/access-log';
import { RemindersSchema } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { html, json, route } from '../../lib/route';
import { jsonBody } from '../../lib/validate';
import { optOutVersionOf, remindersOf, setReminders, useOptOut } from './reminders.repo';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A small page of its own: the mailed link opens in a browser with no session and no front end. */
function page(c: Context<Env>, status: 200 | 404, message: string, form?: { action: string; label: string }) {
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(form.label)}</button></form>`
    : '';
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reminders</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d2733}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #1f5fa8;background:#1f5fa8;color:#fff;cursor:pointer}</style></head>
<body><main><h1>Reminders</h1><p>${escapeHtml(message)}</p>${button}</main></body></html>`,
    status,
  );
}

/** A browser opening a bad link gets a page; any other client the API's error shape. */
function invalidLink(c: Context<Env>) {
  if ((c.req.header('accept') ?? '').includes('text/html')) return page(c, 404, MSG.reminderLinkInvalid);
  throw new AppError('not_found', MSG.reminderLinkInvalid);
}

/** The patient and opt-out version a link's token signs, while it is still unused; else null. */
async function linkOf(c: Context<Env>): Promise<{ patientId: number; version: number } | null> {
  const token = optOutPatient(c.req.query('token') ?? '');
  if (!token) return null;
  const version = await optOutVersionOf(c.get('db'), token.patientId);
  if (version === undefined || !(await signsVersion(c.env, token, version))) return null;
  return { patientId: token.patientId, version };
}

/**
 * Reminder mails: a signed-in patient reads and switches their setting (My data); the link in each
 * reminder switches it off with no sign-in. The link's GET only shows a button, so a mail scanner
 * following links changes nothing; the button's POST (also usable as a one-click unsubscribe) does.
 */
export const remindersRoutes = new Hono<Env>()
  .get(
    '/',
    route({
      // Reminder mails: the patient's own setting; the mailed link's signed token is its authentication.
      who: 'patient',
      summary: 'My reminder setting',
      success: [json(200, RemindersSchema, 'Whether reminder mails are on.')],
    }),
    async (c) => {
      const patientId = c.get('user')?.patientId ?? -1;
      const enabled = await remindersOf(c.get('db'), patientId);
      if (enabled === undefined) throw new AppError('not_found', MSG.notFound);
      return c.json({ enabled }, 200);
    },
  )
  .put(
    '/',
    route({
      who: 'patient',
      summary: 'Turn reminder mails on or off',
      success: [json(200, RemindersSchema, 'The setting.')],
    }),
    jsonBody(RemindersInputSchema),
    async (c) => {
      const patientId = c.get('user')?.patientId ?? -1;
      const { enabled } = c.req.valid('json');
      await setReminders(c.get('db'), patientId, enabled);
      return c.json({ enabled }, 200);
    },
  )
  .get(
    '/off',
    route({
      who: 'public',
      summary: 'The mailed opt-out link',
      description: 'Shows a button; the link alone changes nothing.',
      success: [html('A page with the button.')],
      errors: { 404: 'The link is not valid (a browser gets a page saying so).' },
    }),
    async (c) => {
      if ((await linkOf(c)) === null) return invalidLink(c);
      const action = `/api/reminders/off?token=${encodeURIComponent(c.req.query('token') ?? '')}`;
      return page(c, 200, 'Stop the e-mail reminders the day before each turn?', {
        action,
        label: 'Turn reminders off',
      });
    },
  )
  // A link works once: its use moves the patient's opt-out version on, which ends it (and any older one).
  .post(
    '/off',
    route({
      who: 'public',
      summary: 'Opt out of reminders',
      success: [html('Done, in words.')],
      errors: { 404: 'The link is not valid (a browser gets a page saying so).' },
    }),
    async (c) => {
      const link = await linkOf(c);
      if (link === null || !(await useOptOut(c.get('db'), link.patientId, link.version)))
        return invalidLink(c);
      return page(c, 200, `${MSG.remindersOff} You can turn them on again in My data.`);
    },
  );
