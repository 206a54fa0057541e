import { mapPasswords } from '../documents/map-passwords.js';
import { hashPassword } from '../documents/password-hash.js';
import { loadSchemas } from '../store/load-schemas.js';
import { readProjectTextOrThrow, writeProjectText } from '../store/project-files.js';
import { decodeDocument } from '../store/decode-document.js';
import { type PlainPassword, decodesTo, findPlainPasswords } from './find-plain-passwords.js';
import { listContentFiles } from './list-content-files.js';

/** What `cms hash-passwords` did. */
export interface HashPasswordsReport {
  /** Files rewritten, with how many values each, by path. */
  readonly changed: { readonly file: string; readonly count: number }[];
  /** Plain passwords whose place in the text could not be told: left as they are, to edit by hand. */
  readonly left: { readonly file: string; readonly path: string }[];
}

/**
 * `cms hash-passwords`: replaces every password attribute value that `cms check` reports as plain
 * text with its bcrypt hash, in place: only the value's text changes (the JSON string token, the
 * front-matter value), every other byte of the file stays. Each file is written atomically, and
 * only when the new text decodes to the old document with those values hashed. Files that cannot
 * be decoded are `cms check`'s to report and are skipped.
 */
export async function hashPlainPasswords(projectDir: string): Promise<HashPasswordsReport> {
  const registry = loadSchemas(projectDir);
  const report: HashPasswordsReport = { changed: [], left: [] };
  for (const file of listContentFiles(projectDir, registry).files) {
    const text = readProjectTextOrThrow(projectDir, file.path);
    let data: Record<string, unknown>;
    try {
      data = decodeDocument(text, file.format, file.type, file.path);
    } catch {
      continue;
    }
    const plain = findPlainPasswords(registry, file, text, data);
    if (plain.length === 0) continue;
    const located = plain.filter((password): password is PlainPassword & { span: NonNullable<PlainPassword['span']> } => password.span !== undefined);
    const hashes = new Map(await Promise.all(located.map(async (password) => [password.path.join('.'), await hashPassword(password.value)] as const)));
    let next = text;
    // From the end, so the offsets of the values before stay right.
    for (const password of [...located].sort((a, b) => b.span.start - a.span.start)) {
      const hash = hashes.get(password.path.join('.'))!;
      next = next.slice(0, password.span.start) + (file.format === 'json' ? JSON.stringify(hash) : hash) + next.slice(password.span.end);
    }
    const expected = mapPasswords(registry, file.type, data, (p) => hashes.get(p.path.join('.')) ?? p.value);
    if (located.length > 0 && decodesTo(file, next, expected)) {
      writeProjectText(projectDir, file.path, next);
      report.changed.push({ file: file.path, count: located.length });
      for (const password of plain) if (password.span === undefined) report.left.push({ file: file.path, path: password.path.join('.') });
    } else {
      for (const password of plain) report.left.push({ file: file.path, path: password.path.join('.') });
    }
  }
  return report;
}
