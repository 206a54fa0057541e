/** The CSRF token of the session, sent with every write. */
let csrfToken = '';

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** The session's CSRF token (for requests not made through `call`, such as uploads with progress). */
export function currentCsrfToken(): string {
  return csrfToken;
}

/** An error answer of the server: its message and, for a ValidationError, the fields at fault. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  constructor(status: number, message: string, fieldErrors: Record<string, string>) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** Calls an editor route (`/admin/…`) and answers its `data`; an error answer throws an ApiFailure. */
export async function call<T = any>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`/admin${path}`, { method, headers, body: payload, credentials: 'same-origin' });
  const text = await response.text();
  const json = text === '' ? {} : JSON.parse(text);
  if (!response.ok) {
    const error = json.error ?? {};
    const fields: Record<string, string> = {};
    for (const item of error.details?.errors ?? []) if (Array.isArray(item.path)) fields[item.path.join('.')] ??= item.message;
    if (response.status === 401) window.dispatchEvent(new Event('cms-signed-out'));
    throw new ApiFailure(response.status, error.message ?? response.statusText, fields);
  }
  return json.data as T;
}

/** `?a=1&b=2` from an object, skipping empty values. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
