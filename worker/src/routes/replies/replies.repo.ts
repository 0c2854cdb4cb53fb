import { sql } from 'drizzle-orm';
import type { ReplyAction } from '../../auth/turn-reply';
import type { Turn } from '../../contract/answers';
import { batchSql, type Db } from '../../db/client';

type LinkTurn = Pick<Turn, 'ID' | 'date' | 'time'>;

/** Whether the link for this action was already used on the turn where it now stands. */
export async function replyUsed(db: Db, action: ReplyAction, turn: LinkTurn): Promise<boolean> {
  const [used] = await batchSql(db, [
    sql`SELECT 1 AS x FROM turn_replies WHERE turn_id = ${turn.ID} AND action = ${action} AND date = ${turn.date} AND time = ${turn.time}`,
  ]);
  return (used?.length ?? 0) > 0;
}

/** Claims the link's single use; false when another use got there first. */
export async function claimReply(db: Db, action: ReplyAction, turn: LinkTurn): Promise<boolean> {
  const [rows] = await batchSql(db, [
    sql`INSERT INTO turn_replies (turn_id, action, date, time) VALUES (${turn.ID}, ${action}, ${turn.date}, ${turn.time})
        ON CONFLICT DO NOTHING RETURNING id`,
  ]);
  return (rows?.length ?? 0) > 0;
}

/** Marks the turn confirmed by its patient. */
export async function confirmTurnByPatient(db: Db, turnId: number): Promise<void> {
  await batchSql(db, [sql`UPDATE turns SET patient_confirmed = 1 WHERE id = ${turnId}`]);
}
