import { MSG } from '@clinic/worker/contract';
import { type ReactElement, useState } from 'react';
import { API_BASE, apiFetch, toApiError } from '../api';
import { notifyFailure } from '../dialogs/notifyFailure';
import { saveBlob } from '../pdf/recordPdf';

/** The file name the server gave (Content-Disposition), or `fallback`. */
function fileNameOf(res: Response, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? fallback;
}

/**
 * Downloads a list as CSV: `path` is the list's API path with its filters (no `/api`), the
 * server adds the rest (`format=csv`, the file's name with the clinic and the date).
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string | undefined> = {},
): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, value);
  params.set('format', 'csv');
  const res = await apiFetch(`${API_BASE}${path}?${params}`, { credentials: 'include' });
  if (!res.ok) throw await toApiError(res);
  saveBlob(await res.blob(), fileNameOf(res, 'export.csv'));
}

/** The "Export CSV" button of a list: downloads what the list shows, with its filters. */
export function ExportCsvButton(props: {
  path: string;
  query?: Record<string, string | undefined>;
  /** What is exported, for screen readers ("Export CSV of the patients"). */
  what: string;
}): ReactElement {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-secondary"
      aria-label={`${MSG.exportCsv} of ${props.what}`}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadCsv(props.path, props.query);
        } catch (err) {
          await notifyFailure(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      {MSG.exportCsv}
    </button>
  );
}
