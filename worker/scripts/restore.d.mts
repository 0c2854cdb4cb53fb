import type { Client } from '@libsql/client';
import type { Chunk, Dump } from '../src/services/backup/format';

/**
 * Restores a whole dump, or a backup's chunks as they are opened, into the empty libSQL database
 * `client` in one transaction; answers the statements run.
 */
export function restoreIntoLibsql(client: Client, source: Dump | AsyncIterable<Chunk>): Promise<number>;
/** The backup file at `file`, opened with `key`, as a whole dump. */
export function readBackup(file: string, key: string): Promise<Dump>;
/** The backup file at `file`, opened with `key` a frame at a time. */
export function openBackup(file: string, key: string): AsyncGenerator<Chunk>;
