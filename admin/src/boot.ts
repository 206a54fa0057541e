import { call } from './api';
import type { Schemas } from './schema';

/**
 * The schemas, asked for as the script starts, beside "who is signed in": a signed-in editor's
 * first screen waits for one round trip instead of two. Signed out, the answer is a 401 and unused.
 */
const early: Promise<Schemas | undefined> = fetch('/admin/content-manager/init', { credentials: 'same-origin', headers: { Accept: 'application/json' } }).then(
  (response) => (response.ok ? response.json().then((json) => json.data as Schemas) : undefined),
  () => undefined,
);
let used = false;

/** The schemas: the early answer the first time (when it came back signed in), else a fresh request. */
export async function loadSchemas(): Promise<Schemas> {
  const first = used ? undefined : await early;
  used = true;
  return first ?? call<Schemas>('GET', '/content-manager/init');
}
