import { ApiError, reportUnauthorized } from '@clinic/kit';
import { MSG } from '@clinic/worker/contract';

/**
 * POST /api/studies as multipart with progress from the upload's own events: fetch
 * cannot report upload progress, XMLHttpRequest can. `onProgress` gets 0–100; `onUploaded`
 * fires once every byte has left the browser, before the server answers.
 */
export function uploadStudy<T>(
  form: FormData,
  onProgress: (percent: number) => void,
  onUploaded: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/studies');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.upload.onload = () => {
      onProgress(100);
      onUploaded();
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as {
        error?: string;
        msg?: string;
        errors?: Record<string, { msg: string }>;
      };
      if (xhr.status === 401) reportUnauthorized('/api/studies');
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as T);
      else
        reject(
          new ApiError(xhr.status, body.error ?? 'error', body.msg ?? MSG.somethingWentWrong, body.errors),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', MSG.somethingWentWrong));
    xhr.send(form);
  });
}
