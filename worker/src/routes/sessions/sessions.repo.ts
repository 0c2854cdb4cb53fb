import { and, desc, eq, gte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** A short name for a User-Agent: the browser, then the system ('Firefox on Linux'). */
type Names = [RegExp, string][];
const nameIn = (names: Names, userAgent: string): string =>
  names.find(([re]) => re.test(userAgent))?.[1] ?? '';

export function browserOf(userAgent: string): string {
  const browser = nameIn(
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\/|Chromium\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ],
    userAgent,
  );
  const system = nameIn(
    [
      [/Android/, 'Android'],
      [/iPhone|iPad/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ],
    userAgent,
  );
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || (userAgent ? userAgent.slice(0, 40) : 'Unknown browser');
}

/** The open sessions of a user (not idle past `idleSince`, not older than `startedSince`), newest first. */
export function sessionsOf(db: Db, userId: number, idleSince: number, startedSince: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      place: sessions.place,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gte(sessions.lastSeenAt, idleSince),
        gte(sessions.createdAt, startedSince),
      ),
    )
    .orderBy(desc(sessions.createdAt))
    .all();
}

/** Ends one session of the user; answers whether there was one (someone else's ID ends nothing). */
export async function endOwnSession(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Ends every session of the user but `keep`; answers how many ended. */
export async function endOtherSessions(db: Db, userId: number, keep: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return rows.length;
}
