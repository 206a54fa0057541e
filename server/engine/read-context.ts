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
}

/** The locale to read a type in: null for types that are not localized. */
export function localeFor(context: ReadContext, type: ContentType): string | null {
  if (!type.localized) return null;
  return context.locale === undefined || context.locale === '*' ? context.defaultLocale : context.locale;
}
