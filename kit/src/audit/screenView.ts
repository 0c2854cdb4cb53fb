import { SCREEN_VIEW_HEADER } from '@clinic/worker/contract';

/**
 * The screen view every API request carries (`X-Screen-View: <screen path>;<random id>`): the access
 * log shows the reads of one screen opened as one row, named after the screen.
 */
let current: string | null = null;

/** A screen was opened (or opened again for another record): its requests from now on are one view. */
export function openScreenView(screen: string): void {
  current = `${screen};${crypto.randomUUID()}`;
}

/** Runs `work` as a view of its own (a download): its reads are one row of the log, under `screen`. */
export async function asScreenView<T>(screen: string, work: () => Promise<T>): Promise<T> {
  const before = current;
  openScreenView(screen);
  try {
    return await work();
  } finally {
    current = before;
  }
}

/** Adds the current screen view to a request's headers. */
export function withScreenView(headers: Headers): void {
  if (current && !headers.has(SCREEN_VIEW_HEADER)) headers.set(SCREEN_VIEW_HEADER, current);
}
