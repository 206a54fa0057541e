import matter from 'gray-matter';
import type { ContentType } from '../schema/content-type.js';
import { markdownBodyAttribute } from './decode-document.js';

/** The system fields a file holds after its attributes. */
const TIMESTAMP_ORDER = ['createdAt', 'updatedAt', 'publishedAt'];

/** Attribute values in schema order, then the timestamps: the stable key order that keeps diffs small. */
export function orderDocumentKeys(type: ContentType, data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of type.attributes.keys()) if (name in data) out[name] = data[name];
  for (const name of TIMESTAMP_ORDER) if (name in data) out[name] = data[name];
  return out;
}

/** A document as a JSON file: schema key order, 2 spaces, trailing newline. */
export function encodeJsonDocument(type: ContentType, data: Readonly<Record<string, unknown>>): string {
  return `${JSON.stringify(orderDocumentKeys(type, data), null, 2)}\n`;
}

/**
 * A document as a Markdown file. When the previous text is given, its front matter is kept line
 * for line wherever a value did not change (comments, quoting and layout survive); changed and new
 * keys are written in YAML, and the body attribute becomes the Markdown body.
 */
export function encodeMarkdownDocument(type: ContentType, data: Readonly<Record<string, unknown>>, previous?: string): string {
  const bodyAttribute = markdownBodyAttribute(type);
  const ordered = orderDocumentKeys(type, data);
  const body = bodyAttribute === undefined ? '' : ordered[bodyAttribute];
  if (bodyAttribute !== undefined) delete ordered[bodyAttribute];
  const frontMatter = previous === undefined ? dumpYaml(ordered) : mergeFrontMatter(previous, ordered);
  const text = typeof body === 'string' ? body : '';
  return `---\n${frontMatter}---\n${text === '' ? '' : `\n${text}\n`}`;
}

function dumpYaml(data: Record<string, unknown>): string {
  if (Object.keys(data).length === 0) return '';
  // gray-matter's stringify dumps with js-yaml; take only the front matter part.
  const full = matter.stringify('', data);
  return full.slice(4, full.lastIndexOf('---'));
}

/** Top-level `key:` chunks of the old front matter, reused verbatim when their value is unchanged. */
function mergeFrontMatter(previous: string, data: Record<string, unknown>): string {
  let old: { data: Record<string, unknown>; matter: string };
  try {
    const parsed = matter(previous, {});
    old = { data: parsed.data, matter: parsed.matter };
  } catch {
    return dumpYaml(data);
  }
  const chunks = new Map<string, string>();
  let current: string | undefined;
  for (const line of old.matter.replace(/^\r?\n/, '').split('\n')) {
    const key = /^([A-Za-z_][\w-]*)\s*:/.exec(line)?.[1];
    if (key !== undefined) current = key;
    if (current !== undefined) chunks.set(current, `${chunks.get(current) ?? ''}${line}\n`);
  }
  let out = '';
  for (const [key, value] of Object.entries(data)) {
    const chunk = chunks.get(key);
    out += chunk !== undefined && sameValue(old.data[key], value) ? chunk : dumpYaml({ [key]: value });
  }
  return out.replace(/\n+$/, '\n');
}

function sameValue(a: unknown, b: unknown): boolean {
  const normalize = (v: unknown): string => JSON.stringify(v instanceof Date ? v.toISOString() : v);
  return normalize(a) === normalize(b);
}
