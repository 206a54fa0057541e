import { createRequire } from 'node:module';
import type Jwt from 'jsonwebtoken';

const require = createRequire(import.meta.url);
let loaded: typeof Jwt | undefined;
/** jsonwebtoken, loaded on first use (~40 ms at start-up otherwise): API tokens do not need it. */
const jwt = (): typeof Jwt => (loaded ??= require('jsonwebtoken') as typeof Jwt);

/** A signed-in user's token: payload `{id}`, HS256, as Strapi's users-permissions issues it. */
export function issueJwt(secret: string, userId: number, expiresIn: string | number): string {
  return jwt().sign({ id: userId }, secret, { algorithm: 'HS256', expiresIn: expiresIn as NonNullable<Jwt.SignOptions['expiresIn']> });
}

/** The user id a valid, unexpired token carries; undefined for anything else. */
export function readJwt(secret: string, token: string): number | undefined {
  try {
    const payload = jwt().verify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload !== 'object' || payload === null) return undefined;
    const id = (payload as Record<string, unknown>)['id'];
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
