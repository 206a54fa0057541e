import { createHash } from 'node:crypto';
import type { ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { parseContentPath } from '../store/content-path.js';
import { CONTENT_DIR, SCHEMAS_DIR, UPLOADS_DIR } from '../store/project-layout.js';
import { readProjectText } from '../store/project-files.js';
import { decodeVersion } from './decode-version.js';
import { type FieldChange, diffFields } from './diff-fields.js';
import { type Repository, type RepositoryState, readRepositoryState } from './open-repository.js';
import { readBlobs } from './read-blobs.js';
import { runGit } from './run-git.js';

export type ChangeKind = 'created' | 'edited' | 'deleted';

/** One changed file since the last commit. */
export interface ChangedFile {
  readonly path: string;
  readonly change: ChangeKind;
  /** Git's blob hash of the file as it is now (null: deleted): hand it back to commit or discard exactly this. */
  readonly hash: string | null;
}

/** A changed file of a document, with the fields that changed. */
export interface ChangedVersion extends ChangedFile {
  readonly locale: string | null;
  readonly draft: boolean;
  readonly fields: readonly FieldChange[];
  readonly error?: string;
}

/** The changes of one document, all its files together. */
export interface DocumentChanges {
  /** `articles/hello-world`, or the single type's name: what the commands take. */
  readonly address: string;
  readonly uid: string;
  readonly documentId: string | null;
  /** Created: none of its files was committed; deleted: none is left; else edited. */
  readonly change: ChangeKind;
  readonly files: readonly ChangedVersion[];
}

/** What changed under content/, uploads/ and schemas/ since the last commit. */
export interface WorkingChanges {
  readonly state: RepositoryState;
  readonly documents: readonly DocumentChanges[];
  readonly media: readonly ChangedFile[];
  readonly schemas: readonly ChangedFile[];
  /** Files git holds in conflict (a merge in progress): never overwritten by cms. */
  readonly conflicted: readonly string[];
  /** Files under content/ that are no document (a bad name …), as changed files. */
  readonly other: readonly ChangedFile[];
}

const CONFLICT = new Set(['DD', 'AU', 'UD', 'UA', 'DU', 'AA', 'UU']);

/** The git blob hash of a text (what `git hash-object` prints). */
export function hashText(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Every change since the last commit, per document with field-level diffs, plus media and schema files. */
export async function readWorkingChanges(repo: Repository, schemas: { registry: SchemaRegistry; defaultLocale: string }): Promise<WorkingChanges> {
  const state = await readRepositoryState(repo);
  const out = await runGit(repo.dir, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', CONTENT_DIR, UPLOADS_DIR, SCHEMAS_DIR]);
  const conflicted: string[] = [];
  const files: { path: string; change: ChangeKind; inHead: boolean }[] = [];
  for (const entry of out.toString('utf8').split('\0')) {
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    // Porcelain paths are relative to the repository's root.
    if (!entry.startsWith(repo.prefix, 3)) continue;
    const path = entry.slice(3 + repo.prefix.length);
    if (CONFLICT.has(code)) {
      conflicted.push(path);
      continue;
    }
    const inHead = state.head !== null && code[0] !== 'A' && code !== '??';
    const onDisk = code[1] !== 'D' && !(code[0] === 'D' && code[1] === ' ');
    if (inHead || onDisk) files.push({ path, change: !inHead ? 'created' : onDisk ? 'edited' : 'deleted', inHead });
  }
  const texts = files.map((file) => (file.change === 'deleted' ? undefined : safeRead(repo.dir, file.path)));
  const documents = new Map<string, { uid: string; documentId: string | null; files: ChangedVersion[] }>();
  const media: ChangedFile[] = [];
  const schemaFiles: ChangedFile[] = [];
  const other: ChangedFile[] = [];
  const pending: { at: number; key: string; type: ContentType; version: Omit<ChangedVersion, 'fields'> }[] = [];
  files.forEach((file, at) => {
    const text = texts[at];
    const changed: ChangedFile = { path: file.path, change: file.change, hash: text === undefined ? null : hashText(text) };
    if (file.path.startsWith(`${UPLOADS_DIR}/`)) return media.push(changed);
    if (file.path.startsWith(`${SCHEMAS_DIR}/`)) return schemaFiles.push(changed);
    let parsed;
    try {
      parsed = parseContentPath(schemas.registry, file.path);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined) return other.push(changed);
    const key = parsed.type.kind === 'singleType' ? parsed.type.singularName : `${parsed.type.pluralName}/${parsed.documentId}`;
    if (!documents.has(key)) documents.set(key, { uid: parsed.type.uid, documentId: parsed.documentId ?? null, files: [] });
    const locale = parsed.type.localized ? (parsed.locale ?? schemas.defaultLocale) : null;
    pending.push({ at, key, type: parsed.type, version: { ...changed, locale, draft: parsed.draft } });
    return undefined;
  });
  const before = await readBlobs(
    repo,
    pending.map(({ at }) => ({ commit: 'HEAD', path: files[at]!.path })),
  );
  pending.forEach(({ at, key, type, version }, i) => {
    const old = decodeVersion(type, version.path, files[at]!.inHead ? before[i] : undefined);
    const now = decodeVersion(type, version.path, texts[at]);
    const error = old.error ?? now.error;
    const fields = error === undefined ? diffFields(old.data, now.data) : [];
    documents.get(key)!.files.push({ ...version, fields, ...(error === undefined ? {} : { error }) });
  });
  const summaries = [...documents].map(([address, document]): DocumentChanges => {
    const kinds = new Set(document.files.map((file) => file.change));
    const change: ChangeKind = kinds.size === 1 && !kinds.has('edited') ? [...kinds][0]! : 'edited';
    return { address, ...document, change };
  });
  return { state, documents: summaries, media, schemas: schemaFiles, conflicted, other };
}

function safeRead(dir: string, path: string): string | undefined {
  try {
    return readProjectText(dir, path);
  } catch {
    return undefined;
  }
}
