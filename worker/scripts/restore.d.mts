import type { Client } from '@libsql/client';
import type { Dump } from '../src/services/backup/format';

/** Restores `dump` into the empty libSQL database `client` in one transaction; answers the statements run. */
export function restoreIntoLibsql(client: Client, dump: Dump): Promise<number>;
/** The backup file at `file`, opened with `key`. */
export function readBackup(file: string, key: string): Promise<Dump>;
