/** One copy of each repeated string (relation targets, media paths, enumeration values). */
export type StringPool = Map<string, string>;

export function pooled(pool: StringPool, value: unknown): unknown {
  if (typeof value === 'string') {
    const held = pool.get(value);
    if (held !== undefined) return held;
    pool.set(value, value);
    return value;
  }
  if (Array.isArray(value) && value.some((item) => typeof item === 'string')) return value.map((item) => pooled(pool, item));
  return value;
}
