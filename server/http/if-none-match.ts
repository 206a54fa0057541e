/**
 * Whether an `If-None-Match` header matches the current entity tag, by RFC 9110's weak comparison
 * (13.1.2): `*` matches any current representation, and `W/"x"` matches `"x"` and `W/"x"`.
 * A header that does not parse matches nothing, so the full answer is sent.
 */
export function matchesIfNoneMatch(header: string | undefined, current: string): boolean {
  if (header === undefined || header === '') return false;
  if (header.trim() === '*') return true;
  const wanted = opaqueTag(current);
  if (wanted === undefined) return false;
  // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE; etagc excludes DQUOTE but not commas.
  const list = /[\s,]*(?:W\/)?("[^"]*")\s*(?:,|$)/y;
  let at = 0;
  while (at < header.length) {
    list.lastIndex = at;
    const match = list.exec(header);
    if (match === null) return false;
    if (match[1] === wanted) return true;
    at = list.lastIndex;
  }
  return false;
}

/** The quoted part of an entity tag, without a weak prefix. */
function opaqueTag(tag: string): string | undefined {
  const match = /^(?:W\/)?("[^"]*")$/.exec(tag);
  return match?.[1];
}
