/** The boolean words Strapi's populate accepts (`populate[a]=true`, `count=1`, `[a]=f` …). */

export function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 't' || value === '1';
}

export function isFalse(value: unknown): boolean {
  return value === false || value === 'false' || value === 'f' || value === '0';
}

export function isBooleanLike(value: unknown): boolean {
  return isTrue(value) || isFalse(value) || value === 1 || value === 0;
}
