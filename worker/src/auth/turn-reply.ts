import type { Bindings } from '../env';
import { fromBase64Url, timingSafeEqual, toBase64Url } from '../lib/crypto';
import { pepperOf } from '../lib/password';

const enc = new TextEncoder();

export type ReplyAction = 'confirm' | 'cancel';

/** The turn as a link signs it: a moved turn (new date or time) makes its older links good for nothing. */
export interface ReplyTurn {
  ID: number;
  date: string;
  time: number;
}

async function mac(env: Bindings, action: ReplyAction, turn: ReplyTurn): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(pepperOf(env)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  // The purpose and the action are signed too: this token confirms (or cancels) this turn and nothing else.
  const signed = await crypto.subtle.sign(
    'HMAC',
    key,
    enc.encode(`turn-reply:${action}:${turn.ID}:${turn.date}:${turn.time}`),
  );
  return new Uint8Array(signed);
}

/**
 * The token of a reminder's Confirm or Cancel link: the turn's ID and an HMAC of the action, the
 * turn and its date and time under the worker's secret. No sign-in needed; each link works once
 * (routes/replies records its use).
 */
export async function replyToken(env: Bindings, action: ReplyAction, turn: ReplyTurn): Promise<string> {
  return `${turn.ID}.${toBase64Url(await mac(env, action, turn))}`;
}

/** The turn a reply token names, when it is well formed; its signature is checked by `signsReply`. */
export function replyTurnId(token: string): { turnId: number; signature: string } | null {
  const match = /^([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { turnId: Number(match[1]), signature: match[2] ?? '' };
}

export async function signsReply(
  env: Bindings,
  action: ReplyAction,
  signature: string,
  turn: ReplyTurn,
): Promise<boolean> {
  let given: Uint8Array;
  try {
    given = fromBase64Url(signature);
  } catch {
    return false;
  }
  return timingSafeEqual(given, await mac(env, action, turn));
}

/** The Confirm and Cancel links of a turn's mail (reminder, booking). */
export interface ReplyLinks {
  confirmUrl: string;
  cancelUrl: string;
}

export async function replyLinks(env: Bindings, turn: ReplyTurn, origin: string): Promise<ReplyLinks> {
  const [confirm, cancel] = await Promise.all([
    replyToken(env, 'confirm', turn),
    replyToken(env, 'cancel', turn),
  ]);
  return {
    confirmUrl: `${origin}/api/replies/confirm?token=${confirm}`,
    cancelUrl: `${origin}/api/replies/cancel?token=${cancel}`,
  };
}
