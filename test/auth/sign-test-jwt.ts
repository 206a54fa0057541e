import crypto from 'node:crypto';

/**
 * A JWT built by hand (HS256, or the unsigned `none`), so tests can make tokens the server never
 * issues (expired, without an id …) without going through the code under test.
 */
export function signTestJwt(payload: Record<string, unknown>, secret: string, algorithm: 'HS256' | 'none' = 'HS256'): string {
  const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: algorithm, typ: 'JWT' })}.${encode(payload)}`;
  if (algorithm === 'none') return `${input}.`;
  return `${input}.${crypto.createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** A JWT's payload, read without checking its signature. */
export function decodeTestJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
