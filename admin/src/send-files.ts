import { ApiFailure, currentCsrfToken } from './api';

/** Bytes sent so far of one request body, and its size. */
export type Progress = (loaded: number, total: number) => void;

/**
 * Posts files as multipart (`files` parts) to an editor route with XMLHttpRequest, whose upload
 * progress events `fetch` does not give; answers the route's `data`, or throws an ApiFailure.
 */
export function sendFiles<T = any>(path: string, files: readonly File[], onProgress: Progress): Promise<T> {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/admin${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRF-Token', currentCsrfToken());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      let json: any = {};
      try {
        json = xhr.responseText === '' ? {} : JSON.parse(xhr.responseText);
      } catch {
        json = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(json.data as T);
      if (xhr.status === 401) window.dispatchEvent(new Event('cms-signed-out'));
      reject(new ApiFailure(xhr.status, json.error?.message ?? xhr.statusText, {}));
    };
    xhr.onerror = () => reject(new ApiFailure(0, 'The upload was interrupted', {}));
    xhr.send(form);
  });
}
