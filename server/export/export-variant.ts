import { isPlainObject } from '../config/is-plain-object.js';
import { OutputFolder } from '../store/output-folder.js';

/** Which versions of the documents an export holds: a static host cannot tell them apart by query string, so each has its own folder. */
export interface ExportVariant {
  readonly status: 'published' | 'draft';
  /** The locale exported (the default locale when none was asked for). */
  readonly locale: string;
}

export const DEFAULT_OUT = 'dist-api';

/** `dist-api` for the published default-locale export; `dist-api-fr`, `dist-api-draft`, `dist-api-fr-draft` for the others. */
export function defaultOutFolder(variant: ExportVariant, defaultLocale: string): string {
  return `${DEFAULT_OUT}${variant.locale === defaultLocale ? '' : `-${variant.locale}`}${variant.status === 'draft' ? '-draft' : ''}`;
}

/**
 * Why an export of `variant` may not go to a folder that holds another one (its manifest says which;
 * a manifest from before variants were recorded holds the published default locale), or undefined.
 * Writing it there would replace the other export's files, which its readers would then be served.
 */
export function findVariantClash(outDir: string, variant: ExportVariant, defaultLocale: string): string | undefined {
  const text = new OutputFolder(outDir).readText('manifest.json');
  if (text === undefined) return undefined;
  let held: ExportVariant = { status: 'published', locale: defaultLocale };
  try {
    const manifest: unknown = JSON.parse(text);
    const recorded = isPlainObject(manifest) ? manifest['variant'] : undefined;
    if (isPlainObject(recorded) && (recorded['status'] === 'published' || recorded['status'] === 'draft') && typeof recorded['locale'] === 'string') {
      held = { status: recorded['status'], locale: recorded['locale'] };
    }
  } catch {
    return undefined;
  }
  if (held.status === variant.status && held.locale === variant.locale) return undefined;
  return (
    `the folder holds the ${describe(held)} export, and this is the ${describe(variant)} one: a static host cannot tell them apart, ` +
    `so each goes to its own folder (leave out --out for ${defaultOutFolder(variant, defaultLocale)}, or name another)`
  );
}

function describe(variant: ExportVariant): string {
  return `${variant.status} ${variant.locale}`;
}
