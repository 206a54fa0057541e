import { listPasswords, mapPasswords } from '../documents/map-passwords.js';
import { isPasswordHash } from '../schema/stored-password.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { ContentFile } from '../store/content-path.js';
import { decodeDocument } from '../store/decode-document.js';

/** Where a value is written in a file's text: [start, end) in UTF-16 offsets. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/** A password attribute whose stored value is not a bcrypt hash. */
export interface PlainPassword {
  readonly path: readonly string[];
  readonly value: string;
  /** Where its value is written; undefined when it cannot be told (flow-style YAML, block scalars …). */
  readonly span: TextSpan | undefined;
}

/** A stand-in value: a plain YAML scalar and a JSON string alike once quoted. */
const PROBE = 'cms-password-probe';

/**
 * The password values of a decoded content file that are held in plain text, with the text each
 * is written as. A place is only trusted when writing another value there changes that value and
 * nothing else of the decoded file, so an edit at the span can never touch another byte's meaning.
 */
export function findPlainPasswords(registry: SchemaRegistry, file: ContentFile, text: string, data: Readonly<Record<string, unknown>>): PlainPassword[] {
  const plain = listPasswords(registry, file.type, data).filter((password) => !isPasswordHash(password.value));
  return plain.map(({ path, value }) => {
    const key = path.join('.');
    const expected = JSON.stringify(mapPasswords(registry, file.type, data, (p) => (p.path.join('.') === key ? PROBE : p.value)));
    const probe = file.format === 'json' ? JSON.stringify(PROBE) : PROBE;
    const span = candidateSpans(text, file.format, path[path.length - 1]!, value).find((candidate) => {
      const changed = text.slice(0, candidate.start) + probe + text.slice(candidate.end);
      return JSON.stringify(decodeOrUndefined(file, changed)) === expected;
    });
    return { path, value, span };
  });
}

/** Whether `text` decodes to exactly `expected` (after replacing values at spans): the check hash-passwords makes before writing. */
export function decodesTo(file: ContentFile, text: string, expected: Readonly<Record<string, unknown>>): boolean {
  return JSON.stringify(decodeOrUndefined(file, text)) === JSON.stringify(expected);
}

function decodeOrUndefined(file: ContentFile, text: string): Record<string, unknown> | undefined {
  try {
    return decodeDocument(text, file.format, file.type, file.path);
  } catch {
    return undefined;
  }
}

/** Every place `key: <value>` may be written: JSON string tokens, or front-matter value texts (with and without a trailing comment). */
function candidateSpans(text: string, format: ContentFile['format'], key: string, value: string): TextSpan[] {
  const spans: TextSpan[] = [];
  if (format === 'json') {
    const quoted = JSON.stringify(key);
    const member = /"(?:[^"\\\n]|\\.)*"\s*:\s*("(?:[^"\\\n]|\\.)*")/y;
    for (let at = text.indexOf(quoted); at >= 0; at = text.indexOf(quoted, at + 1)) {
      member.lastIndex = at;
      const match = member.exec(text);
      if (match === null || !match[0].startsWith(quoted)) continue;
      const token = match[1]!;
      if (JSON.parse(token) === value) spans.push({ start: at + match[0].length - token.length, end: at + match[0].length });
    }
    return spans;
  }
  const end = frontMatterEnd(text);
  const name = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`^[ \\t]*(?:-[ \\t]+)*(?:${name}|"${name}"|'${name}')[ \\t]*:[ \\t]*(\\S.*?)[ \\t]*\\r?$`, 'gm');
  for (let match = line.exec(text); match !== null && match.index < end; match = line.exec(text)) {
    const written = match[1]!;
    const start = match.index + match[0].indexOf(written, match[0].indexOf(':') + 1);
    const comment = written.search(/[ \t]#/);
    if (comment > 0) spans.push({ start, end: start + written.slice(0, comment).trimEnd().length });
    spans.push({ start, end: start + written.length });
  }
  return spans;
}

/** The offset where the front matter's closing `---` line starts (0 when the file has none). */
function frontMatterEnd(text: string): number {
  if (!/^---[ \t]*\r?\n/.test(text)) return 0;
  const close = /^---[ \t]*\r?$/m;
  const first = text.indexOf('\n') + 1;
  const match = close.exec(text.slice(first));
  return match === null ? 0 : first + match.index;
}
