import type { ContentIndex } from '../content-index/content-index.js';
import type { Status } from '../content-index/entry.js';
import type { ContentType } from '../schema/content-type.js';

/** What every engine function reading documents needs to know about the request. */
export interface ReadContext {
  readonly index: ContentIndex;
  readonly status: Status;
  /** The requested locale code, `*`, or undefined for the default locale. */
  readonly locale: string | undefined;
  readonly defaultLocale: string;
  /** Where problems found while reading (a relation to a missing document) are reported. */
  readonly warn: (message: string) => void;
  /**
   * Whether the caller may `find` documents of a content type; populated relations to types it
   * may not are left out (Strapi's removeRestrictedRelations). Absent: every type.
   */
  readonly canFind?: ((uid: string) => boolean) | undefined;
  /**
   * Predicates compiled during this request, by the filter (or other node) they come from, so a
   * populate filter is compiled once per request rather than once per parent document; also the
   * decoded values of related documents, by entry (an author of many articles is decoded once).
   */
  readonly compiled?: Map<object, unknown> | undefined;
}

/** A value compiled from a node of the request's query, once per request when the context can hold it. */
export function compiledOnce<T>(context: ReadContext, node: object, compile: () => T): T {
  const cache = context.compiled;
  if (cache === undefined) return compile();
  let value = cache.get(node) as T | undefined;
  if (value === undefined) {
    value = compile();
    cache.set(node, value);
  }
  return value;
}

/** The locale to read a type in: null for types that are not localized. */
export function localeFor(context: ReadContext, type: ContentType): string | null {
  if (!type.localized) return null;
  return context.locale === undefined || context.locale === '*' ? context.defaultLocale : context.locale;
}
