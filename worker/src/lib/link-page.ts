import type { Context } from 'hono';
import type { Env } from '../env';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A small page of its own for a mailed link (reply to a reminder, take a waitlist offer): it opens
 * in a browser with no session and no front end. The link only shows the page and its button; the
 * button's POST acts, so a mail scanner following links changes nothing.
 */
export function linkPage(
  c: Context<Env>,
  status: 200 | 201 | 404 | 409 | 410,
  page: { title: string; message: string; details?: string[]; form?: { action: string; label: string } },
) {
  const e = escapeHtml;
  const details = page.details?.length
    ? `<ul>${page.details.map((d) => `<li>${e(d)}</li>`).join('')}</ul>`
    : '';
  const button = page.form
    ? `<form method="post" action="${e(page.form.action)}"><button type="submit">${e(page.form.label)}</button></form>`
    : '';
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(page.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d2733}button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #1f5fa8;background:#1f5fa8;color:#fff;cursor:pointer}</style></head>
<body><main><h1>${e(page.title)}</h1><p role="status">${e(page.message)}</p>${details}${button}</main></body></html>`,
    status,
  );
}

/** Whether the caller is a browser (a page answers it) rather than an API client (JSON). */
export const wantsPage = (c: Context<Env>): boolean => (c.req.header('accept') ?? '').includes('text/html');
