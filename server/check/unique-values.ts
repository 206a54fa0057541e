import type { ContentType } from '../schema/content-type.js';

export interface UniqueClash {
  readonly attribute: string;
  readonly value: string | number | boolean;
  /** The file that used the value first. */
  readonly earlier: string;
}

export interface UniqueValues {
  /** Records a published version's unique values; returns those an earlier file already used. */
  add(type: ContentType, locale: string, values: readonly [string, string | number | boolean][], file: string): UniqueClash[];
}

/**
 * Strapi's `unique` rule across a project in one pass: a value may appear once among the published
 * versions of a type in one locale. uid attributes are unique whether or not the schema says so.
 */
export function createUniqueValues(): UniqueValues {
  const seen = new Map<string, string>();
  return {
    add(type, locale, values, file) {
      const clashes: UniqueClash[] = [];
      for (const [attribute, value] of values) {
        const key = `${type.uid}\u0000${attribute}\u0000${locale}\u0000${typeof value}\u0000${String(value)}`;
        const earlier = seen.get(key);
        if (earlier === undefined) seen.set(key, file);
        else clashes.push({ attribute, value, earlier });
      }
      return clashes;
    },
  };
}
