import { createHash } from 'node:crypto';
import type { ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { parseContentPath } from '../store/content-path.js';
import { CONTENT_DIR, SCHEMAS_DIR, UPLOADS_DIR } from '../store/project-layout.js';
import { readProjectFiles } from '../store/read-project-files.js';
import { decodeVersion } from './decode-version.js';
import { type FieldChange, diffFields } from './diff-fields.js';
import { type Repository, type RepositoryState, readRepositoryState } from './open-repository.js';
import { indexedName, readBlobTexts } from './read-blobs.js';
import { NO_BLOB } from './read-log.js';
import { type ChangedDocumentFiles, mainFilesOf, planNeighbourLookups } from './plan-neighbour-lookups.js';
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

/** What reading the changes needs of the project: its schemas and locales. */
export interface ChangeSchemas {
  readonly registry: SchemaRegistry;
  readonly defaultLocale: string;
  /** The configured locale codes: a document's files under other locales count only when they changed. */
  readonly locales?: readonly string[] | undefined;
}

/** The git blob hash of a text (what `git hash-object` prints). */
export function hashText(text: string): string {
  return hashBytes(Buffer.from(text, 'utf8'));
}

/** The git blob hash of a file's bytes (a media file is no UTF-8 text). */
export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Every change since the last commit, per document with field-level diffs, plus media and schema files. */
export async function readWorkingChanges(repo: Repository, schemas: ChangeSchemas): Promise<WorkingChanges> {
  const args = ['status', '--porcelain=v2', '-z', '--untracked-files=all', '--no-renames', '--', CONTENT_DIR, UPLOADS_DIR, SCHEMAS_DIR];
  const [state, out] = await Promise.all([readRepositoryState(repo), runGit(repo.dir, args)]);
  const { files, conflicted } = parseStatus(repo, out.toString('utf8'));
  const places = files.map((file) => placeOf(schemas, file.path));
  const atPath = new Map(files.map((file, at) => [file.path, at]));
  const lookups = planNeighbourLookups(state.head, groupDocuments(files, places), {
    changed: new Set(atPath.keys()),
    locales: schemas.locales ?? [],
    defaultLocale: schemas.defaultLocale,
  });
  // The committed versions by the blob ids git status gave (no walk of HEAD's trees per file),
  // and the unchanged files beside them by name in git's index, in one `git cat-file`, read
  // while this process reads the files on disk.
  const committed = readBlobTexts(repo, [
    ...files.flatMap((file) => (file.path.startsWith(`${CONTENT_DIR}/`) ? (file.headBlob ?? []) : [])),
    ...lookups.paths.map((path) => indexedName(repo, path)),
  ]);
  const onDisk = readProjectFiles(
    repo.dir,
    files.flatMap((file) => (file.change === 'deleted' ? [] : [file.path])),
  );
  let next = 0;
  const contents = files.map((file) => (file.change === 'deleted' ? undefined : onDisk[next++]));
  const documents = new Map<string, { type: ContentType; documentId: string | null; files: ChangedVersion[] }>();
  const lists = { media: [] as ChangedFile[], schema: [] as ChangedFile[], other: [] as ChangedFile[] };
  const pending: { at: number; key: string; type: ContentType; version: Omit<ChangedVersion, 'fields'> }[] = [];
  files.forEach((file, at) => {
    const bytes = contents[at];
    const changed: ChangedFile = { path: file.path, change: file.change, hash: bytes === undefined ? null : hashBytes(bytes) };
    const place = places[at]!;
    if (place.area !== 'document') return lists[place.area].push(changed);
    if (!documents.has(place.key)) documents.set(place.key, { type: place.type, documentId: place.documentId, files: [] });
    pending.push({ at, key: place.key, type: place.type, version: { ...changed, locale: place.locale, draft: place.draft } });
    return undefined;
  });
  const before = await committed;
  const unchangedText = (path: string): string | undefined => before.get(indexedName(repo, path));
  pending.forEach(({ at, key, type, version }) => {
    const headBlob = files[at]!.headBlob;
    let old = decodeVersion(type, version.path, headBlob === undefined ? undefined : before.get(headBlob));
    let now = decodeVersion(type, version.path, contents[at]?.toString('utf8'));
    // A draft file created beside a committed main file holds that main file's data with the
    // draft's changes; one removed (discarded, published) leaves the main file's data: each is
    // compared with the main file, as the editor shows the draft of a document without one.
    let besideMain = false;
    if (version.draft && version.change !== 'edited') {
      const main = mainFilesOf(version.path)
        .map((path) => ({ path, text: version.change === 'created' ? textBefore(path) : textNow(path) }))
        .find((candidate) => candidate.text !== undefined);
      if (main !== undefined) {
        besideMain = true;
        if (version.change === 'created') old = decodeVersion(type, main.path, main.text);
        else now = decodeVersion(type, main.path, main.text);
      }
    }
    const error = old.error ?? now.error;
    // A draft's publishedAt is null by what it is: no change to show beside its main file.
    const fields = error === undefined ? diffFields(old.data, now.data).filter((change) => !(besideMain && change.field === 'publishedAt')) : [];
    documents.get(key)!.files.push({ ...version, fields, ...(error === undefined ? {} : { error }) });
  });
  const summaries = [...documents].map(([address, { type, ...document }]): DocumentChanges => {
    const kinds = new Set(document.files.map((file) => file.change));
    const untouched = (lookups.others.get(address) ?? []).some((path) => unchangedText(path) !== undefined);
    const change: ChangeKind = kinds.size === 1 && !kinds.has('edited') && !untouched ? [...kinds][0]! : 'edited';
    return { address, uid: type.uid, ...document, change };
  });
  return { state, documents: summaries, media: lists.media, schemas: lists.schema, conflicted, other: lists.other };

  /** A content file's text in the last commit (an unchanged one's is the same in git's index). */
  function textBefore(path: string): string | undefined {
    const at = atPath.get(path);
    const headBlob = at === undefined ? undefined : files[at]!.headBlob;
    return at === undefined ? unchangedText(path) : headBlob === undefined ? undefined : before.get(headBlob);
  }

  /** A content file's text on disk (an unchanged one's is the same in git's index). */
  function textNow(path: string): string | undefined {
    const at = atPath.get(path);
    return at === undefined ? unchangedText(path) : contents[at]?.toString('utf8');
  }
}

/** Where a changed file belongs: a document's file (by the document's address), media, a schema, or another file. */
type Place =
  | { readonly area: 'media' | 'schema' | 'other' }
  | {
      readonly area: 'document';
      readonly key: string;
      readonly type: ContentType;
      readonly documentId: string | null;
      readonly locale: string | null;
      readonly draft: boolean;
    };

function placeOf(schemas: ChangeSchemas, path: string): Place {
  if (path.startsWith(`${UPLOADS_DIR}/`)) return { area: 'media' };
  if (path.startsWith(`${SCHEMAS_DIR}/`)) return { area: 'schema' };
  let parsed;
  try {
    parsed = parseContentPath(schemas.registry, path);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined) return { area: 'other' };
  const { type } = parsed;
  const key = type.kind === 'singleType' ? type.singularName : `${type.pluralName}/${parsed.documentId}`;
  const locale = type.localized ? (parsed.locale ?? schemas.defaultLocale) : null;
  return { area: 'document', key, type, documentId: parsed.documentId ?? null, locale, draft: parsed.draft };
}

/** Each document's changed files, by its address. */
function groupDocuments(files: readonly StatusFile[], places: readonly Place[]): Map<string, ChangedDocumentFiles> {
  const grouped = new Map<string, ChangedDocumentFiles & { files: ChangedDocumentFiles['files'][number][] }>();
  files.forEach((file, at) => {
    const place = places[at]!;
    if (place.area !== 'document') return;
    if (!grouped.has(place.key)) grouped.set(place.key, { type: place.type, documentId: place.documentId, files: [] });
    grouped.get(place.key)!.files.push({ path: file.path, change: file.change, draft: place.draft, locale: place.locale });
  });
  return grouped;
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
      const parts = entry.slice(0, at).split(' ');
      const [x, y] = [parts[1]!.charAt(0), parts[1]!.charAt(1)];
      const headBlob = NO_BLOB.test(parts[6]!) ? undefined : parts[6]!;
      const onDisk = y !== 'D' && !(x === 'D' && y === '.');
      if (headBlob !== undefined || onDisk) files.push({ path, change: headBlob === undefined ? 'created' : onDisk ? 'edited' : 'deleted', headBlob });
    }
  }
  return { files, conflicted };
}
