import type { Context } from 'hono';
import { MSG } from '../contract/messages';
import type { Env } from '../env';
import { closeLiveSockets } from '../services/live/announce';
import { requireMail, sendMail } from '../services/mail';
import { reauthenticate } from './identity';
import { removeFactor } from './second-factor.repo';
import { endSessionsOf } from './session.repo';

/**
 * A medic resets someone's second factor (a medic's or a patient's who lost the device and the
 * recovery codes): the medic re-authenticates, the factor goes, every session of that account ends
 * (its live sockets too), and the owner is mailed, so the next sign-in enrols again.
 */
export async function resetFactorOf(
  c: Context<Env>,
  owner: { userId: number; email: string },
  proof: { currentPassword?: string; code?: string },
): Promise<void> {
  // A session alone cannot strip someone's factor: the medic proves who they are again.
  await reauthenticate(c, proof);
  // Mail must be possible before anything changes: the owner always learns of a reset.
  requireMail(c.env);
  const db = c.get('db');
  await removeFactor(db, owner.userId);
  await endSessionsOf(db, owner.userId);
  await closeLiveSockets(c.env, { user: owner.userId });
  await sendMail(db, c.env, {
    to: owner.email,
    subject: MSG.secondFactorResetSubject,
    text: `The second factor of your Clinic account was reset by ${c.get('user')?.email ?? 'a medic of the clinic'}. At your next sign-in you set up a new one if you want or must, and every open session was ended.\n\nIf you did not ask for it, contact the clinic right away.`,
  });
}
