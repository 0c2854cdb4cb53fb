import { asc } from 'drizzle-orm';
import type { Tooth } from '../../contract/evolutions';
import type { Db } from '../../db/client';
import { teeth } from '../../db/schema';

/** The seeded FDI teeth, in order. */
export function listTeeth(db: Db): Promise<Tooth[]> {
  return db
    .select({ ID: teeth.id, zone: teeth.zone, position: teeth.position })
    .from(teeth)
    .orderBy(asc(teeth.id))
    .all();
}
