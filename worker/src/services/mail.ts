import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import type { Bindings } from '../env';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/**
 * Sends one e-mail (DESIGN §6). With `MAIL_API_URL` set it is posted as JSON to that HTTP mail API
 * (bearer `MAIL_API_KEY`); otherwise (local runs and tests) it is stored in the `outbox` table,
 * which `GET /api/dev/outbox` shows in local mode.
 */
export async function sendMail(db: Db, env: Bindings, mail: Mail): Promise<void> {
  if (!env.MAIL_API_URL) {
    await db.insert(outbox).values(mail);
    return;
  }
  const res = await fetch(env.MAIL_API_URL, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(env.MAIL_API_KEY ? { authorization: `Bearer ${env.MAIL_API_KEY}` } : {}),
    },
    body: JSON.stringify({ from: env.MAIL_FROM ?? 'no-reply@clinic.local', ...mail }),
  });
  if (!res.ok) throw new Error(`mail API answered ${res.status}`);
}
