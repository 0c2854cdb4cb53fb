import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { call, db, ORIGIN, seed } from '../../test/helpers';
import { app } from '../app';
import { MSG } from '../contract/messages';
import type { Bindings } from '../env';
import { DEMO_PATIENT } from '../local/seed';
import { headerValue, htmlOf, sendMail } from './mail';

beforeAll(seed);
afterEach(() => {
  vi.restoreAllMocks();
});

const APP_ORIGIN = 'https://clinic.example';

let n = 0;
/** Each request gets its own client address, so the reset limits never get in the way. */
const fromAddress = (): Record<string, string> => {
  n += 1;
  return { 'cf-connecting-ip': `203.0.113.${n}` };
};

/**
 * The simulated `send_email` binding wrangler's local runtime gives the worker (it checks the
 * message and answers a message id), wrapped to record what the worker handed it.
 */
function recordingEmail(): { binding: SendEmail; sent: EmailMessageBuilder[]; results: EmailSendResult[] } {
  const real = env.EMAIL;
  if (!real) throw new Error('the test pool has no EMAIL binding: see wrangler.jsonc send_email');
  const sent: EmailMessageBuilder[] = [];
  const results: EmailSendResult[] = [];
  const binding = {
    send: async (message: EmailMessageBuilder) => {
      sent.push(message);
      const result = await real.send(message);
      results.push(result);
      return result;
    },
  } as SendEmail;
  return { binding, sent, results };
}

/**
 * Asks the app for a password reset, as a browser would, under the given worker variables. Deployed,
 * the mail goes out after the answer (waitUntil); this waits for that work too.
 */
async function reset(email: string, bindings: Partial<Bindings>): Promise<Response> {
  const pending: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => pending.push(p), passThroughOnException() {}, props: {} };
  const res = await app.request(
    `${ORIGIN}/api/password/reset`,
    {
      method: 'POST',
      headers: {
        origin: bindings.APP_ORIGIN ?? ORIGIN,
        'content-type': 'application/json',
        ...fromAddress(),
      },
      body: JSON.stringify({ email }),
    },
    { ...env, APP_ORIGIN: ORIGIN, ...bindings },
    ctx as unknown as ExecutionContext,
  );
  await Promise.all(pending);
  return res;
}

const count = async (table: 'outbox' | 'password_resets'): Promise<number> =>
  (await db().$client.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())?.n ?? 0;

describe('mail through Cloudflare Email Service', () => {
  test('a reset mail goes through the send_email binding with a text and an HTML part, the clinic as sender name and the link on APP_ORIGIN', async () => {
    const { binding, sent, results } = recordingEmail();
    const res = await reset(DEMO_PATIENT.email, { EMAIL: binding, APP_ORIGIN });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: MSG.checkYourEmailBox });
    expect(sent).toHaveLength(1);
    const mail = sent[0] as EmailMessageBuilder;
    expect(mail.from).toEqual({ name: 'Demo Clinic', email: 'no-reply@clinic.test' });
    expect(mail.to).toBe(DEMO_PATIENT.email);
    expect(mail.subject).toBe(MSG.resetMailSubject);
    expect(mail.text).toMatch(/^Someone asked to reset the password/);
    expect(mail.text).toMatch(/https:\/\/clinic\.example\/newPassword#token=[\w%-]+/);
    expect(mail.text).not.toContain('<');
    const link = /https:\/\/clinic\.example\/newPassword#token=[\w%-]+/.exec(mail.text ?? '')?.[0];
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    expect(mail.html).toMatch(/^<!doctype html>/);
    // the local simulation accepted it and answered a message id on the sender's domain
    expect(results[0]?.messageId).toMatch(/@clinic\.test>$/);
  });

  test('deployed with mail configured, the mail is sent and nothing is kept in the outbox', async () => {
    const { binding, sent } = recordingEmail();
    const before = await count('outbox');
    const res = await reset(DEMO_PATIENT.email, { EMAIL: binding, ENVIRONMENT: 'production', APP_ORIGIN });
    expect(res.status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(await count('outbox')).toBe(before);
  });

  test('locally without the binding, the mail only lands in the outbox', async () => {
    const before = await count('outbox');
    const res = await reset(DEMO_PATIENT.email, { EMAIL: undefined });
    expect(res.status).toBe(200);
    expect(await count('outbox')).toBe(before + 1);
  });

  test.each([
    ['without the binding', { EMAIL: undefined }],
    ['without a sender address', { MAIL_FROM: undefined }],
  ])('deployed %s, a reset answers 503, logs an error and writes nothing', async (_, missing) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { binding, sent } = recordingEmail();
    const outboxBefore = await count('outbox');
    const tokensBefore = await count('password_resets');
    for (const email of [DEMO_PATIENT.email, 'nobody@clinic.test']) {
      // the same answer for a known and an unknown email: it cannot be used to find accounts
      const res = await reset(email, { EMAIL: binding, ENVIRONMENT: 'production', ...missing });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: 'unavailable', msg: MSG.mailUnavailable });
    }
    expect(sent).toHaveLength(0);
    expect(await count('outbox')).toBe(outboxBefore);
    expect(await count('password_resets')).toBe(tokensBefore);
    const logged = errors.mock.calls.map((args) => String(args[0]));
    expect(logged.some((line) => JSON.parse(line).msg?.startsWith('mail is not configured'))).toBe(true);
  });

  test('the dev outbox keeps the text of a local mail', async () => {
    await reset(DEMO_PATIENT.email, {});
    const rows = await (await call('/api/dev/outbox')).json<{ to: string; body: string }[]>();
    expect(rows[0]?.to).toBe(DEMO_PATIENT.email);
    expect(rows[0]?.body).toMatch(/\/newPassword#token=/);
  });
});

describe('htmlOf', () => {
  test('escapes the text, keeps paragraphs and makes links clickable', () => {
    expect(htmlOf('A <b> & "c"\nnext\n\nhttps://x.test/a#t=1')).toBe(
      '<!doctype html>\n<html><body>\n<p>A &#60;b&#62; &#38; &#34;c&#34;<br>next</p>\n<p><a href="https://x.test/a#t=1">https://x.test/a#t=1</a></p>\n</body></html>',
    );
  });
});

describe('header values', () => {
  test('CR, LF and control characters never reach the sender name, the recipient or the subject', async () => {
    const { binding, sent } = recordingEmail();
    const name = await env.DB.prepare('select name from clinics order by id limit 1').first<{
      name: string;
    }>();
    // a name written before the clinic form refused line breaks
    await env.DB.prepare('update clinics set name = ?').bind('Evil Clinic\r\nBcc: all@victims.test').run();
    try {
      await sendMail(
        db(),
        { ...env, EMAIL: binding },
        {
          to: 'patient@clinic.test\r\nCc: x@y.test',
          subject: 'Reminder from Evil\r\nBcc: all@victims.test\u0000\t',
          text: 'Hello',
        },
      );
    } finally {
      await env.DB.prepare('update clinics set name = ?')
        .bind(name?.name ?? 'Demo Clinic')
        .run();
    }
    const mail = sent[0] as EmailMessageBuilder;
    const from = mail.from as { name: string; email: string };
    for (const value of [from.name, from.email, String(mail.to), mail.subject]) {
      expect([...value].filter((ch) => ch.charCodeAt(0) < 0x20)).toEqual([]);
    }
    expect(from.name).toBe('Evil Clinic Bcc: all@victims.test');
    expect(mail.subject).toBe('Reminder from Evil Bcc: all@victims.test');
  });

  test('headerValue keeps ordinary text as it is', () => {
    expect(headerValue('Clínica Sonrisa · Turno mañana')).toBe('Clínica Sonrisa · Turno mañana');
    expect(headerValue('a\u2028b\r\n\r\nc')).toBe('a b c');
  });
});
