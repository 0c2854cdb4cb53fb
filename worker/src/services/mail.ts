import { MSG } from '../contract/messages';
import type { Db } from '../db/client';
import { type Bindings, isLocal } from '../env';
import { AppError } from '../lib/errors';
import { clinicName, keepInOutbox } from './mail.repo';

/** One e-mail as callers write it: plain text, and optionally their own HTML (else derived from the text). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar invitation (RFC 5545 text) sent as the mail's `text/calendar` part. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; ics: string };
  /** One file sent with the mail (a budget's quote PDF): its bytes as base64. */
  attachment?: { filename: string; type: string; base64: string };
}

/** Base64 text as its bytes. */
const bytesOf = (base64: string): Uint8Array => Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));

/** The sender name when the clinic has not been created yet. */
export const DEFAULT_SENDER_NAME = 'Clinic';

/**
 * Mail is configured when the worker has Cloudflare Email Service's `send_email` binding `EMAIL`
 * and a sender address `MAIL_FROM` on a domain onboarded to it.
 */
export const mailConfigured = (env: Bindings): boolean => Boolean(env.EMAIL && env.MAIL_FROM);

/**
 * Refuses, before anything is written, a request that must send mail when mail cannot be sent:
 * deployed without `EMAIL`/`MAIL_FROM` it answers 503 and logs an error line, so the app never
 * claims to have sent anything. Locally the `outbox` table stands in, so it always passes.
 * Routes call it first (the password reset must answer alike for known and unknown emails).
 */
export function requireMail(env: Bindings): void {
  if (mailConfigured(env) || isLocal(env)) return;
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'mail is not configured: set the send_email binding EMAIL and the MAIL_FROM variable',
    }),
  );
  throw new AppError('unavailable', MSG.mailUnavailable);
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The HTML part of a text mail: one paragraph per blank-line block, links made clickable. */
export function htmlOf(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) =>
      escapeHtml(block)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>'),
    )
    .map((p) => `<p>${p}</p>`)
    .join('\n');
  return `<!doctype html>\n<html><body>\n${paragraphs}\n</body></html>`;
}

/**
 * A value as it may go into a mail header: CR, LF and every other control character (and the
 * Unicode line and paragraph separators) become one space, so no value can end its header and
 * start another (`\r\nBcc: …`).
 */
export function headerValue(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

async function senderName(db: Db): Promise<string> {
  return (await clinicName(db))?.trim() || DEFAULT_SENDER_NAME;
}

/**
 * Sends one e-mail through Cloudflare Email Service (`env.EMAIL.send`), with a plain-text and an
 * HTML part and the clinic's name as the sender name. Locally (`ENVIRONMENT=local`) the mail is
 * also kept in the `outbox` table, which `GET /api/dev/outbox` shows; without the binding a local
 * run only writes there. Deployed without mail configured it fails like `requireMail`.
 */
export async function sendMail(db: Db, env: Bindings, mail: Mail): Promise<void> {
  requireMail(env);
  const html = mail.html ?? htmlOf(mail.text);
  // Every header value is cleaned here, the one place mail leaves from.
  const to = headerValue(mail.to);
  const subject = headerValue(mail.subject);
  if (env.EMAIL && env.MAIL_FROM) {
    await env.EMAIL.send({
      from: {
        name: headerValue(await senderName(db)) || DEFAULT_SENDER_NAME,
        email: headerValue(env.MAIL_FROM),
      },
      to,
      subject,
      text: mail.text,
      html,
      ...(mail.calendar || mail.attachment
        ? {
            attachments: [
              ...(mail.calendar
                ? [
                    {
                      disposition: 'attachment' as const,
                      filename: mail.calendar.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
                      type: `text/calendar; charset=utf-8; method=${mail.calendar.method}`,
                      content: mail.calendar.ics,
                    },
                  ]
                : []),
              ...(mail.attachment
                ? [
                    {
                      disposition: 'attachment' as const,
                      filename: headerValue(mail.attachment.filename),
                      type: mail.attachment.type,
                      content: bytesOf(mail.attachment.base64).buffer as ArrayBuffer,
                    },
                  ]
                : []),
            ],
          }
        : {}),
    });
  }
  if (isLocal(env)) {
    await keepInOutbox(db, {
      to,
      subject,
      body: mail.text,
      calendar: mail.calendar?.ics ?? null,
      attachmentName: mail.attachment?.filename ?? null,
      attachment: mail.attachment?.base64 ?? null,
    });
  }
}
