import type { CmsConfig } from './cms-config.js';
import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from './is-plain-object.js';

const LOCALE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** `i18n: {defaultLocale, locales: ["en", {code: "fr", name: "French"}]}`; English only when absent. */
export function i18nOption(value: unknown): CmsConfig['i18n'] {
  if (value === undefined) return { defaultLocale: 'en', locales: [{ code: 'en', name: 'English (en)' }] };
  if (!isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: i18n: expected an object, got ${describe(value)}`);
  const list = value['locales'] ?? ['en'];
  if (!Array.isArray(list) || list.length === 0) throw new UserError(`${CONFIG_FILE}: i18n.locales: expected a non-empty array, got ${describe(list)}`);
  const locales = list.map((item, i) => {
    const code = typeof item === 'string' ? item : isPlainObject(item) ? item['code'] : undefined;
    const name = isPlainObject(item) && typeof item['name'] === 'string' ? item['name'] : `${String(code)}`;
    if (typeof code !== 'string' || !LOCALE_CODE.test(code)) {
      throw new UserError(`${CONFIG_FILE}: i18n.locales[${i}]: expected a locale code like "en" or "pt-BR", got ${describe(item)}`);
    }
    return { code, name };
  });
  const defaultLocale = value['defaultLocale'] ?? locales[0]!.code;
  if (typeof defaultLocale !== 'string' || !locales.some((l) => l.code === defaultLocale)) {
    throw new UserError(`${CONFIG_FILE}: i18n.defaultLocale: expected one of ${locales.map((l) => l.code).join(', ')}, got ${describe(defaultLocale)}`);
  }
  return { defaultLocale, locales };
}
