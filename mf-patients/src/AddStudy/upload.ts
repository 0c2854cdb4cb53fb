import { API_BASE, ApiError, api, reportUnauthorized, toApiError } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';

/** POST /api/studies, its path taken from the typed client so a renamed route fails the typecheck. */
const STUDIES_URL = `${API_BASE}${api.studies.$path()}`;

/**
 * POST /api/studies as multipart with progress from the upload's own events: fetch
 * cannot report upload progress, XMLHttpRequest can. `onProgress` gets 0–100; `onUploaded`
 * fires once every byte has left the browser, before the server answers. Resolves once the study
 * is stored; a refusal rejects with the server's ApiError (its field errors included), and a 401
 * is reported like any other API call's.
 */
export function uploadStudy(
  form: FormData,
  onProgress: (percent: number) => void,
  onUploaded: () => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', STUDIES_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.upload.onload = () => {
      onProgress(100);
      onUploaded();
    };
    xhr.onload = () => {
      if (xhr.status === 401) reportUnauthorized(STUDIES_URL);
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else
        void toApiError(
          new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText }),
        ).then(reject);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', MSG.somethingWentWrong));
    xhr.send(form);
  });
}
