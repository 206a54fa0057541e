/** jose, loaded on first use (~50 ms at start-up otherwise): API tokens do not need it. */
const loadJose = () => import('jose');

/** Milliseconds per unit of an `expiresIn` duration, as the `ms` package reads them (a year is 365.25 days). */
const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_557_600_000 };
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w|y)$/i;

/** A signed-in user's token: payload `{id, iat, exp}`, HS256, as Strapi's users-permissions issues it. */
export async function issueJwt(secret: string, userId: number, expiresIn: string | number): Promise<string> {
  const { SignJWT } = await loadJose();
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT({ id: userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(computeExpiry(issuedAt, expiresIn))
    .sign(new TextEncoder().encode(secret));
}

/** The user id a valid, unexpired token carries; undefined for anything else (expired included). */
export async function readJwt(secret: string, token: string): Promise<number | undefined> {
  const { jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    const id = payload['id'];
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `exp` for a token issued at `issuedAt`: seconds are added as they are, a duration string (`30d`,
 * `1.5h`, `500ms`) rounded down to whole seconds. Computed here rather than by jose's own
 * duration parser, which rounds instead of flooring and knows no `ms`, so tokens keep the `exp`
 * jsonwebtoken gave them for every value the config accepts.
 */
function computeExpiry(issuedAt: number, expiresIn: string | number): number {
  if (typeof expiresIn === 'number') return issuedAt + expiresIn;
  const match = DURATION.exec(expiresIn);
  const unit = UNIT_MS[match?.[2]?.toLowerCase() ?? ''];
  if (match === null || unit === undefined) throw new Error(`issueJwt: expected a duration like "30d" or seconds, got ${JSON.stringify(expiresIn)}`);
  return Math.floor(issuedAt + (Number(match[1]) * unit) / 1000);
}
