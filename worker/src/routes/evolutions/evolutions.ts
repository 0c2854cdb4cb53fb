import { Hono } from 'hono';
import * as v from 'valibot';
import { assertPatientAccess, readerOf } from '../../auth/access';
import { EvolutionInputSchema } from '../../contract/evolutions';
import { MSG } from '../../contract/messages';
import { PatientIdQuery } from '../../contract/patients';
import { PageQuerySchema } from '../../contract/validation';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { setTotal } from '../../lib/total';
import { jsonBody, queryOf } from '../../lib/validate';
import { setRecallFromVisit } from '../recalls/recalls.repo';
import { addEvolution, listEvolutions, sortSurfaces } from './evolutions.repo';

const ListQuery = v.object({ PatientID: PatientIdQuery, ...PageQuerySchema.entries });

/** /evolutions: a patient's visit notes; medics add them. */
export const evolutionsRoutes = new Hono<Env>()
  .get('/', queryOf(ListQuery), async (c) => {
    const { PatientID, limit, offset } = c.req.valid('query');
    assertPatientAccess(c, PatientID);
    const { rows, total } = await listEvolutions(c.get('db'), PatientID, limit, offset, readerOf(c));
    setTotal(c, total);
    return c.json(rows, 200);
  })
  .post('/', jsonBody(EvolutionInputSchema), async (c) => {
    const input = c.req.valid('json');
    assertPatientAccess(c, input.PatientID);
    // The author is the signed-in (approved) medic, whatever the body says.
    const medicId = c.get('user')?.medicId;
    if (!medicId) throw new AppError('forbidden', MSG.forbidden);
    const ID = await addEvolution(c.get('db'), input, medicId);
    // A treatment with a recall interval brings the patient back: the visit sets the due date.
    await setRecallFromVisit(c.get('db'), input.PatientID, input.TreatmentID, input.date);
    const teeth = input.teeth.map((t) => ({ toothID: t.toothID, surfaces: sortSurfaces(t.surfaces) }));
    return c.json({ ...input, teeth, MedicID: medicId, ID }, 201);
  });
