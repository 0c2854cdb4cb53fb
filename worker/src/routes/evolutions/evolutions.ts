import { Hono } from 'hono';
import * as v from 'valibot';
import { assertPatientAccess, readerOf } from '../../auth/access';
import { EvolutionCreatedSchema, EvolutionSchema } from '../../contract/answers';
import { EvolutionInputSchema } from '../../contract/evolutions';
import { MSG } from '../../contract/messages';
import { PatientIdQuery } from '../../contract/patients';
import { PageQuerySchema } from '../../contract/validation';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { json, route } from '../../lib/route';
import { setTotal } from '../../lib/total';
import { dryRun, dryRunPassed, jsonBody, queryOf } from '../../lib/validate';
import { setRecallFromVisit } from '../recalls/recalls.repo';
import { addEvolution, assertReferences, listEvolutions, sortSurfaces } from './evolutions.repo';

const ListQuery = v.object({
  PatientID: PatientIdQuery,
  /** Words of the note's observations or of its treatment's name. */
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, MSG.tooLong)), ''),
  ...PageQuerySchema.entries,
});

/** /evolutions: a patient's visit notes; medics add them. */
export const evolutionsRoutes = new Hono<Env>()
  .get(
    '/',
    route({
      who: 'owner',
      audit: 'read evolutions',
      summary: "A patient's evolutions",
      success: [json(200, v.array(EvolutionSchema), 'Newest first.', true)],
    }),
    queryOf(ListQuery),
    async (c) => {
      const { PatientID, q, limit, offset } = c.req.valid('query');
      assertPatientAccess(c, PatientID);
      const { rows, total } = await listEvolutions(c.get('db'), PatientID, { q, limit, offset }, readerOf(c));
      setTotal(c, total);
      return c.json(rows, 200);
    },
  )
  .post(
    '/',
    route({
      who: 'medic',
      audit: 'create evolution',
      summary: 'Add an evolution',
      description:
        "The author is the signed-in medic. `teeth: [{ toothID, surfaces?: ['M','O','D','B','L'] }]` names one or more teeth (permanent or primary, FDI), each once; SPEC's single `toothID` is the same as one tooth and, sent with `teeth`, must be one of them. The answer lists `teeth` either way.",
      success: [json(201, EvolutionCreatedSchema, 'Added.')],
      errors: { 404: 'No such patient.' },
    }),
    jsonBody(EvolutionInputSchema, { handlerChecks: true }),
    async (c) => {
      const input = c.req.valid('json');
      assertPatientAccess(c, input.PatientID);
      // The author is the signed-in (approved) medic, whatever the body says.
      const medicId = c.get('user')?.medicId;
      if (!medicId) throw new AppError('forbidden', MSG.forbidden);
      if (dryRun(c)) {
        // `?validate=true`: the write's checks (the patient, the treatment, the teeth), nothing
        // written, and nothing in the patient's access log that reads as a note added.
        c.set('auditPatientId', null);
        await assertReferences(c.get('db'), input);
        throw dryRunPassed();
      }
      const ID = await addEvolution(c.get('db'), input, medicId);
      // A treatment with a recall interval brings the patient back: the visit sets the due date.
      await setRecallFromVisit(c.get('db'), input.PatientID, input.TreatmentID, input.date);
      const teeth = input.teeth.map((t) => ({ toothID: t.toothID, surfaces: sortSurfaces(t.surfaces) }));
      return c.json({ ...input, teeth, MedicID: medicId, ID }, 201);
    },
  );
