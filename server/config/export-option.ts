import type { CmsConfig } from './cms-config.js';
import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from './is-plain-object.js';

/** `export: {types: {articles: "populate=*"}, presets: {latest: "/api/articles?sort=title"}}`. */
export function exportOption(value: unknown): CmsConfig['export'] {
  if (value === undefined) return { types: {}, presets: {} };
  if (!isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: export: expected an object, got ${describe(value)}`);
  const strings = (key: string, check: (name: string, text: string) => boolean, expected: string): Record<string, string> => {
    const inner = value[key] ?? {};
    if (!isPlainObject(inner)) throw new UserError(`${CONFIG_FILE}: export.${key}: expected an object, got ${describe(inner)}`);
    const out: Record<string, string> = {};
    for (const [name, text] of Object.entries(inner)) {
      if (typeof text !== 'string' || !check(name, text))
        throw new UserError(`${CONFIG_FILE}: export.${key}.${name}: expected ${expected}, got ${describe(text)}`);
      out[name] = text;
    }
    return out;
  };
  return {
    types: strings('types', (_name, text) => !text.startsWith('?') && !text.includes('#'), 'a query string like "populate=*"'),
    presets: strings(
      'presets',
      (name, text) => /^[a-z0-9][a-z0-9_-]*$/.test(name) && text.startsWith('/'),
      'an API path like "/api/articles?sort=title" under a kebab-case name',
    ),
  };
}
