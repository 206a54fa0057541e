import { isPlainObject } from '../config/is-plain-object.js';
import { FileError } from '../errors/file-error.js';
import type { ContentType } from '../schema/content-type.js';
import { parseJson } from '../schema/parse-json.js';
import type { DocumentFormat } from './content-path.js';
import { grayMatter } from './gray-matter.js';

/**
 * Decodes a content file into its attribute object. Markdown: the front matter holds the attributes,
 * the body is the value of the type's first richtext attribute. Throws a FileError with line and column.
 */
export function decodeDocument(text: string, format: DocumentFormat, type: ContentType, file: string): Record<string, unknown> {
  if (format === 'json') {
    const value = parseJson(text, file);
    if (!isPlainObject(value)) throw new FileError(file, 'expected a JSON object of attributes', { line: 1, column: 1 });
    return value;
  }
  let parsed: { data: Record<string, unknown>; content: string; matter: string };
  try {
    // An options object keeps gray-matter from caching every file it ever parsed.
    parsed = grayMatter()(text, {});
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = ((error as { reason?: string }).reason ?? (error as Error).message).split('\n')[0];
    // The YAML text gray-matter parses starts with the rest of the opening `---` line: its line 0 is file line 1.
    throw new FileError(file, `invalid front matter: ${reason}`, mark ? { line: mark.line + 1, column: mark.column + 1 } : undefined);
  }
  const data = normalizeYamlValues(parsed.data) as Record<string, unknown>;
  restoreSexagesimalTimes(parsed.matter, type, data);
  const bodyAttribute = markdownBodyAttribute(type);
  if (bodyAttribute === undefined) {
    throw new FileError(file, `${type.singularName} has no richtext attribute to hold a Markdown body; use a .json file`);
  }
  const body = parsed.content.replace(/^\r?\n/, '').replace(/\r?\n$/, '');
  if (body !== '' || data[bodyAttribute] === undefined) data[bodyAttribute] = body === '' ? null : body;
  return data;
}

/** The attribute a Markdown file's body belongs to: the type's first richtext attribute. */
export function markdownBodyAttribute(type: ContentType): string | undefined {
  for (const [name, attribute] of type.attributes) {
    if (attribute.kind === 'scalar' && attribute.type === 'richtext') return name;
  }
  return undefined;
}

/** YAML turns unquoted dates into Date objects; the content model wants their ISO strings. */
function normalizeYamlValues(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normalizeYamlValues);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = normalizeYamlValues(inner);
    return out;
  }
  return value;
}

/**
 * YAML 1.1 (js-yaml, under gray-matter) reads an unquoted `opensAt: 10:30` as the base-60 number 630.
 * For time attributes, take the value back from the front-matter line as it was written.
 */
function restoreSexagesimalTimes(frontMatter: string, type: ContentType, data: Record<string, unknown>): void {
  for (const [name, attribute] of type.attributes) {
    if (attribute.kind !== 'scalar' || attribute.type !== 'time' || typeof data[name] !== 'number') continue;
    // Attribute names are letters, digits, "_" and "-": nothing to escape.
    const written = new RegExp(`^${name}:[ \\t]*(\\d{1,2}):(\\d{2}(?::\\d{2}(?:\\.\\d+)?)?)[ \\t]*(?:#.*)?\\r?$`, 'm').exec(frontMatter);
    if (written) data[name] = `${written[1]!.padStart(2, '0')}:${written[2]}`;
  }
}
