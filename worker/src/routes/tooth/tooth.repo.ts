import { asc } from 'drizzle-orm';
import type { Tooth } from '../../contract/answers';
import type { Db } from '../../db/client';
import { teeth } from '../../db/schema';

/** The FDI teeth, permanent (11–48) then primary (51–85), in order. */
export async function listTeeth(db: Db): Promise<Tooth[]> {
  const rows = await db
    .select({ ID: teeth.id, zone: teeth.zone, position: teeth.position })
    .from(teeth)
    .orderBy(asc(teeth.id))
    .all();
  return rows.map((t) => ({ ...t, dentition: t.ID >= 50 ? 'primary' : 'permanent' }));
}
