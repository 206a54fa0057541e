import type { ContentType } from '../schema/content-type.js';
import { decodeDocument, markdownBodyAttribute } from './decode-document.js';
import { grayMatter } from './gray-matter.js';

/** The system fields a file holds after its attributes. */
const TIMESTAMP_ORDER = ['createdAt', 'updatedAt', 'publishedAt', 'renamedFrom'];

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
 * for line wherever a value did not change (comments, quoting, layout and key order survive),
 * changed keys are rewritten in YAML, new keys join before the timestamps (unset ones are left
 * out), and the body attribute becomes the Markdown body, after the same blank line as before.
 */
export function encodeMarkdownDocument(type: ContentType, data: Readonly<Record<string, unknown>>, previous?: string): string {
  const bodyAttribute = markdownBodyAttribute(type);
  const ordered = orderDocumentKeys(type, data);
  const body = bodyAttribute === undefined ? '' : ordered[bodyAttribute];
  if (bodyAttribute !== undefined) delete ordered[bodyAttribute];
  const old = previous === undefined ? undefined : readPrevious(type, previous);
  const frontMatter = old === undefined ? dumpYaml(ordered) : mergeFrontMatter(old, ordered);
  const text = typeof body === 'string' ? body : '';
  const gap = old === undefined || old.gap ? '\n' : '';
  return `---\n${frontMatter}---\n${text === '' ? '' : `${gap}${text}\n`}`;
}

function dumpYaml(data: Record<string, unknown>): string {
  if (Object.keys(data).length === 0) return '';
  // gray-matter's stringify dumps with js-yaml; take only the front matter part.
  const full = grayMatter().stringify('', data);
  return full.slice(4, full.lastIndexOf('---'));
}

interface PreviousMarkdown {
  /** The raw front matter text. */
  readonly matter: string;
  /** Its values as the index reads them (dates as ISO strings, times restored). */
  readonly data: Record<string, unknown>;
  /** Whether a blank line separated the front matter from a body. */
  readonly gap: boolean;
}

function readPrevious(type: ContentType, previous: string): PreviousMarkdown | undefined {
  try {
    const parsed = grayMatter()(previous, {});
    return {
      matter: parsed.matter,
      data: decodeDocument(previous, 'md', type, ''),
      gap: parsed.content === '' || /^\r?\n/.test(parsed.content),
    };
  } catch {
    return undefined;
  }
}

/** A top-level key as written: the comment and blank lines above it, then its own lines. */
interface Chunk {
  readonly lead: string;
  readonly lines: string;
}

/** Splits a front matter into its top-level keys (in written order) and the lines after the last one. */
function splitFrontMatter(text: string): { chunks: Map<string, Chunk>; tail: string } {
  const chunks = new Map<string, Chunk>();
  let pending = '';
  let current: { key: string; lead: string; lines: string } | undefined;
  const close = (): void => {
    if (current) chunks.set(current.key, { lead: current.lead, lines: current.lines });
  };
  for (const line of text.replace(/^\r?\n/, '').split('\n')) {
    const key = /^([A-Za-z_][\w-]*)\s*:/.exec(line)?.[1];
    if (key !== undefined) {
      close();
      current = { key, lead: pending, lines: `${line}\n` };
      pending = '';
    } else if (current !== undefined && line !== '' && !line.startsWith('#')) {
      // An indented line or a list item continues the key above; its comments stay with it.
      current.lines += pending + `${line}\n`;
      pending = '';
    } else {
      pending += `${line}\n`;
    }
  }
  close();
  return { chunks, tail: pending };
}

function mergeFrontMatter(old: PreviousMarkdown, data: Record<string, unknown>): string {
  const { chunks, tail } = splitFrontMatter(old.matter);
  const keys = [...chunks.keys()].filter((key) => key in data);
  // Keys the file did not have join it only when they hold something.
  const fresh = Object.keys(data).filter((key) => !chunks.has(key) && !isUnset(data[key]));
  const firstTimestamp = keys.findIndex((key) => TIMESTAMP_ORDER.includes(key));
  keys.splice(firstTimestamp < 0 ? keys.length : firstTimestamp, 0, ...fresh.filter((key) => !TIMESTAMP_ORDER.includes(key)));
  keys.push(...fresh.filter((key) => TIMESTAMP_ORDER.includes(key)));
  let out = '';
  for (const key of keys) {
    const chunk = chunks.get(key);
    const value = data[key];
    if (chunk === undefined) out += dumpYaml({ [key]: value });
    else out += chunk.lead + (sameValue(old.data[key], value) ? chunk.lines : dumpYaml({ [key]: value }));
  }
  return `${out}${tail}`.replace(/\n+$/, '\n').replace(/^\n+/, '');
}

function isUnset(value: unknown): boolean {
  return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
