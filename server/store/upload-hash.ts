import crypto from 'node:crypto';

/** Longest slug kept in a file name: the name must fit every file system (255 bytes) with its prefix and suffix. */
const MAX_SLUG_LENGTH = 120;

/** Letters NFKD does not split into a base letter and a mark. */
const LETTER_REPLACEMENTS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  '&': ' and ',
};

/**
 * A stored file's `hash` as Strapi's upload plugin makes it: the name slugified with `_` (case
 * kept, accents dropped, camelCase split), then `_` and 10 random hex characters. The result is
 * only `[A-Za-z0-9_]`, so it can never name a path outside its folder.
 */
export function generateUploadHash(baseName: string): string {
  return `${slugifyFileName(baseName)}_${crypto.randomBytes(5).toString('hex')}`;
}

/** `My Photo (1)` → `My_Photo_1`, `Crème brûlée` → `Creme_brulee`, `fooBar` → `foo_Bar`. */
export function slugifyFileName(name: string): string {
  let text = '';
  for (const char of name.normalize('NFKD')) text += LETTER_REPLACEMENTS[char] ?? char;
  text = text.replace(/\p{M}+/gu, '');
  // @sindresorhus/slugify's decamelize, which Strapi's nameToSlug applies.
  text = text
    .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
    .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z\d]+)/g, '$1 $2');
  const slug = text.replace(/[^A-Za-z\d]+/g, '_').replace(/^_+|_+$/g, '');
  return slug.length > MAX_SLUG_LENGTH ? slug.slice(0, MAX_SLUG_LENGTH).replace(/_+$/, '') : slug;
}

/** A file extension safe to put in a stored name (`.jpg`, `.tar`), or '' when the given one is not. */
export function sanitizeExtension(ext: string): string {
  return /^\.[A-Za-z0-9]{1,16}$/.test(ext) ? ext : '';
}
