import { Hono } from 'hono';
import * as v from 'valibot';
import { afterOwnEmailChange, checkOwnIdentityChange } from '../../auth/identity';
import { pepperOf } from '../../auth/password';
import { MedicRegisterSchema, MedicUpdateSchema } from '../../contract/medics';
import { MSG } from '../../contract/messages';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { whenSignedIn } from '../../lib/signed-in';
import { jsonBody, paramsOf, queryOf } from '../../lib/validate';
import {
  emailBelongsToOther,
  findMedic,
  findMedicByEmail,
  listMedics,
  registerMedic,
  updateMedic,
} from './medics.repo';

const IdParam = v.object({ id: v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)) });
const EmailQuery = v.object({ email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254))) });

/**
 * Medics (/medics): the list, one medic by email, a signed-in medic registering another
 * medic ('Medical record', /home/doctor), and the medic's own profile update. Sign-up (`POST
 * /api/medics` without a session) and approval live with the accounts routes.
 */
export const medicsRoutes = new Hono<Env>()
  .get('/', queryOf(EmailQuery), async (c) => {
    const { email } = c.req.valid('query');
    const db = c.get('db');
    if (email === undefined) return c.json(await listMedics(db), 200);
    const medic = await findMedicByEmail(db, email);
    if (!medic) throw new AppError('not_found', MSG.notFound);
    return c.json(medic, 200);
  })
  // Reached from the accounts handler's next() when a medic is signed in (the access rule 'signup'
  // lets only an approved medic through). A medic registered by a medic of the clinic is approved.
  .post('/', whenSignedIn(jsonBody(MedicRegisterSchema)), async (c, next) => {
    if (!c.get('user')) return next();
    const medic = await registerMedic(c.get('db'), pepperOf(c.env), c.req.valid('json'));
    return c.json(medic, 201);
  })
  .put('/:id', paramsOf(IdParam), jsonBody(MedicUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    // "Update my info": a medic edits only their own profile.
    if (c.get('user')?.medicId !== id) throw new AppError('forbidden', MSG.forbidden);
    const db = c.get('db');
    const medic = await findMedic(db, id);
    if (!medic) throw new AppError('not_found', MSG.notFound);
    const input = c.req.valid('json');
    const change = await checkOwnIdentityChange(c, {
      email: input.infoUser.email,
      currentPassword: input.currentPassword,
    });
    if (await emailBelongsToOther(db, input.infoUser.email, medic.UserID)) {
      throw new AppError('conflict', MSG.emailTaken, { 'infoUser.email': { msg: MSG.emailTaken } });
    }
    const updated = await updateMedic(db, medic, input);
    if (!updated) throw new AppError('not_found', MSG.notFound);
    if (change.emailChanged) await afterOwnEmailChange(c, change.oldEmail, updated.email);
    return c.json(updated, 200);
  });
