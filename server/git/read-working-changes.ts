import { createHash } from 'node:crypto';
import type { ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { parseContentPath } from '../store/content-path.js';
import { CONTENT_DIR, SCHEMAS_DIR, UPLOADS_DIR } from '../store/project-layout.js';
import { readProjectFiles } from '../store/read-project-files.js';
import { decodeVersion } from './decode-version.js';
import { type FieldChange, diffFields } from './diff-fields.js';
import { type Repository, type RepositoryState, readRepositoryState } from './open-repository.js';
import { readBlobTexts } from './read-blobs.js';
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

const NO_BLOB = /^0+$/;

/** The git blob hash of a text (what `git hash-object` prints). */
export function hashText(text: string): string {
  return hashBytes(Buffer.from(text, 'utf8'));
}

/** The git blob hash of a file's bytes (a media file is no UTF-8 text). */
export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Every change since the last commit, per document with field-level diffs, plus media and schema files. */
export async function readWorkingChanges(repo: Repository, schemas: { registry: SchemaRegistry; defaultLocale: string }): Promise<WorkingChanges> {
  const args = ['status', '--porcelain=v2', '-z', '--untracked-files=all', '--no-renames', '--', CONTENT_DIR, UPLOADS_DIR, SCHEMAS_DIR];
  const [state, out] = await Promise.all([readRepositoryState(repo), runGit(repo.dir, args)]);
  const { files, conflicted } = parseStatus(repo, out.toString('utf8'));
  // The committed versions by the blob ids git status gave (no walk of HEAD's trees per file),
  // read by git while this process reads the files on disk.
  const committed = readBlobTexts(
    repo,
    files.flatMap((file) => (file.path.startsWith(`${CONTENT_DIR}/`) ? (file.headBlob ?? []) : [])),
  );
  const onDisk = readProjectFiles(
    repo.dir,
    files.flatMap((file) => (file.change === 'deleted' ? [] : [file.path])),
  );
  let next = 0;
  const contents = files.map((file) => (file.change === 'deleted' ? undefined : onDisk[next++]));
  const documents = new Map<string, { uid: string; documentId: string | null; files: ChangedVersion[] }>();
  const media: ChangedFile[] = [];
  const schemaFiles: ChangedFile[] = [];
  const other: ChangedFile[] = [];
  const pending: { at: number; key: string; type: ContentType; version: Omit<ChangedVersion, 'fields'> }[] = [];
  files.forEach((file, at) => {
    const bytes = contents[at];
    const changed: ChangedFile = { path: file.path, change: file.change, hash: bytes === undefined ? null : hashBytes(bytes) };
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
  const before = await committed;
  pending.forEach(({ at, key, type, version }) => {
    const headBlob = files[at]!.headBlob;
    const old = decodeVersion(type, version.path, headBlob === undefined ? undefined : before.get(headBlob));
    const now = decodeVersion(type, version.path, contents[at]?.toString('utf8'));
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

interface StatusFile {
  readonly path: string;
  readonly change: ChangeKind;
  /** The blob HEAD holds (undefined: the file is not in HEAD). */
  readonly headBlob: string | undefined;
}

/**
 * `git status --porcelain=v2 -z`: `1 XY sub mH mI mW hH hI path` for a tracked file, `? path` for
 * an untracked one, `u …` for one in conflict. Paths are relative to the repository's root.
 */
function parseStatus(repo: Repository, text: string): { files: StatusFile[]; conflicted: string[] } {
  const files: StatusFile[] = [];
  const conflicted: string[] = [];
  for (const entry of text.split('\0')) {
    const kind = entry.charAt(0);
    const fields = kind === '1' ? 8 : kind === 'u' ? 10 : kind === '?' ? 1 : -1;
    if (fields < 0) continue;
    let at = 0;
    for (let i = 0; i < fields && at >= 0; i++) at = entry.indexOf(' ', at + 1);
    if (at < 0) continue;
    const full = entry.slice(at + 1);
    if (!full.startsWith(repo.prefix)) continue;
    const path = full.slice(repo.prefix.length);
    if (kind === 'u') conflicted.push(path);
    else if (kind === '?') files.push({ path, change: 'created', headBlob: undefined });
    else {
      const parts = entry.split(' ', 8);
      const [x, y] = [parts[1]!.charAt(0), parts[1]!.charAt(1)];
      const headBlob = NO_BLOB.test(parts[6]!) ? undefined : parts[6]!;
      const onDisk = y !== 'D' && !(x === 'D' && y === '.');
      if (headBlob !== undefined || onDisk) files.push({ path, change: headBlob === undefined ? 'created' : onDisk ? 'edited' : 'deleted', headBlob });
    }
  }
  return { files, conflicted };
}
