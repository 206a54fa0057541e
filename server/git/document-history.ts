import type { SchemaRegistry } from '../schema/schema-registry.js';
import { decodeVersion } from './decode-version.js';
import { type FieldChange, diffFields } from './diff-fields.js';
import { type DocumentAddress, type FileVersion, documentFileNames, documentPathspecs, documentStem, versionOfPath } from './document-files.js';
import type { Repository } from './open-repository.js';
import { readBlobTexts, readBlobs } from './read-blobs.js';
import { type LoggedCommit, readLog as readGlobLog } from './read-log.js';
import { findRenameSources } from './find-rename-source.js';
import { openHistoryIndex } from './history-index.js';
import { readIndexedLog } from './read-indexed-log.js';
import type { OpenedHistoryIndex } from './history-index-format.js';

/** What one commit did to one file of the document. */
export interface FileHistory extends FileVersion {
  readonly path: string;
  readonly change: 'created' | 'edited' | 'deleted' | 'renamed';
  /** The path the file had before, for a rename. */
  readonly from?: string;
  readonly fields: readonly FieldChange[];
  /** Why a version could not be decoded (a conflict marker, broken JSON …): no field diff then. */
  readonly error?: string;
}

/** One commit of a document's history. */
export interface HistoryCommit extends Omit<LoggedCommit, 'files'> {
  readonly files: readonly FileHistory[];
}

/** How a history is read: the schemas to decode with, the default locale, an optional locale and length. */
export interface HistoryOptions {
  readonly registry: SchemaRegistry;
  readonly defaultLocale: string;
  /** Only the files of this locale (default: all). */
  readonly locale?: string | undefined;
  /** At most this many commits (default: all). */
  readonly limit?: number | undefined;
  /**
   * The configured locale codes (`i18n.locales`): with them, a localized document's history looks
   * up the exact names of its files in the history index. Without them (or without the index), one
   * glob log, which also finds files of locales no longer configured.
   */
  readonly locales?: readonly string[] | undefined;
  /**
   * Read the per-path history index of `.cms/` (made or brought up to HEAD first, see
   * `openHistoryIndex`) rather than one `git log` of the document's pathspecs (default: true; also
   * off with `git config cms.historyIndex false`).
   */
  readonly historyIndex?: boolean | undefined;
}

/** How many renames back a history follows. */
const MAX_RENAMES = 20;

/**
 * Every commit that touched a file of the document (main, draft, locale versions, Markdown),
 * newest first, following renames (`cms mv` or `git mv`), each with the fields that changed per
 * file, computed from the decoded versions. Reads the history index of `.cms/` (see
 * `openHistoryIndex`: a look-up of the file names, no tree read). Without it, one `git log` of the
 * document's glob pathspecs, which compares the type's folder in every commit with its parent.
 */
export async function readDocumentHistory(repo: Repository, address: DocumentAddress, options: HistoryOptions): Promise<HistoryCommit[]> {
  // An index that could not be made (git failed, a log too large to hold) leaves one glob log.
  const index = options.historyIndex === false ? undefined : await openHistoryIndex(repo).catch(() => undefined);
  const literal = index !== undefined && (options.locales !== undefined || !address.type.localized);
  const namesOf = (at: DocumentAddress): string[] | undefined =>
    literal ? documentFileNames(at, { locales: options.locales ?? [], defaultLocale: options.defaultLocale, locale: options.locale }) : undefined;
  const found: { logged: LoggedCommit; address: DocumentAddress }[] = [];
  const seen = new Set<string>();
  const renames = new Map<string, Map<string, string>>();
  let name: { address: DocumentAddress; from: string } | undefined = { address, from: 'HEAD' };
  for (let round = 0; name !== undefined && round <= MAX_RENAMES; round++) {
    const current: { address: DocumentAddress; from: string } = name;
    name = undefined;
    const query = { from: current.from, limit: options.limit, names: namesOf(current.address) };
    const logged = await readLog(repo, index, current.address, query);
    for (const entry of logged) {
      if (seen.has(entry.commit)) continue;
      seen.add(entry.commit);
      found.push({ logged: entry, address: current.address });
      const parent = entry.parents[0];
      const created = entry.files.filter((file) => file.status === 'A').map((file) => file.path);
      if (name !== undefined || parent === undefined || created.length === 0 || current.address.type.kind !== 'collectionType') continue;
      const sources = await findRenameSources(repo, current.address.type, { commit: entry.commit, parent, paths: created });
      if (sources.size === 0) continue;
      renames.set(entry.commit, sources);
      const old = [...sources.values()][0]!;
      const oldId = old.slice(old.lastIndexOf('/') + 1).split('.')[0];
      if (oldId !== undefined && oldId !== current.address.documentId) name = { address: { type: current.address.type, documentId: oldId }, from: parent };
    }
  }
  return describeCommits(repo, { found: found.slice(0, options.limit), renames }, options);
}

async function readLog(
  repo: Repository,
  index: OpenedHistoryIndex | undefined,
  address: DocumentAddress,
  query: { from: string; limit?: number | undefined; names?: string[] | undefined },
): Promise<LoggedCommit[]> {
  if (index === undefined) return readGlobLog(repo, documentPathspecs(address), query);
  return readIndexedLog(index, { ...query, stem: documentStem(address) });
}

interface PendingFile {
  readonly path: string;
  readonly status: string;
  readonly version: FileVersion;
  readonly from: string | undefined;
  /** Blob ids from the log: read by id, without walking the commit's trees. */
  readonly before: string | undefined;
  readonly after: string | undefined;
}

async function describeCommits(
  repo: Repository,
  history: { found: { logged: LoggedCommit; address: DocumentAddress }[]; renames: Map<string, Map<string, string>> },
  options: HistoryOptions,
): Promise<HistoryCommit[]> {
  const { registry, defaultLocale, locale } = options;
  const perCommit = history.found.map(({ logged, address }) => {
    const files: PendingFile[] = [];
    for (const file of logged.files) {
      const version = versionOfPath(registry, address, defaultLocale, file.path);
      if (version === undefined || (locale !== undefined && version.locale !== locale)) continue;
      const from = file.status === 'A' ? history.renames.get(logged.commit)?.get(file.path) : undefined;
      files.push({ path: file.path, status: file.status, version, from, before: file.before, after: file.after });
    }
    return { logged, address, files };
  });
  const all = perCommit.flatMap(({ files }) => files);
  const blobs = await readBlobTexts(
    repo,
    all.flatMap((file) => [file.before, file.after].filter((oid): oid is string => oid !== undefined)),
  );
  // A renamed file's old version is the parent's file under its old name.
  const renamed = perCommit.flatMap(({ logged, files }) =>
    files.filter((file) => file.from !== undefined).map((file) => ({ file, ref: { commit: logged.parents[0] ?? '', path: file.from! } })),
  );
  const renamedTexts = await readBlobs(
    repo,
    renamed.map(({ ref }) => ref),
  );
  const fromText = new Map(renamed.map(({ file }, i) => [file, renamedTexts[i]]));
  const out: HistoryCommit[] = [];
  for (const { logged, address, files } of perCommit) {
    if (files.length === 0) continue;
    const described = files.map((file): FileHistory => {
      const after = decodeVersion(address.type, file.path, file.after === undefined ? undefined : blobs.get(file.after));
      const beforeText = file.from !== undefined ? fromText.get(file) : file.before === undefined ? undefined : blobs.get(file.before);
      const before = decodeVersion(address.type, file.from ?? file.path, beforeText);
      const change = file.from !== undefined ? 'renamed' : file.status === 'A' ? 'created' : file.status === 'D' ? 'deleted' : 'edited';
      const error = after.error ?? before.error;
      return {
        path: file.path,
        ...file.version,
        change,
        ...(file.from === undefined ? {} : { from: file.from }),
        fields: error === undefined ? diffFields(before.data, after.data) : [],
        ...(error === undefined ? {} : { error }),
      };
    });
    out.push({ ...logged, files: described });
  }
  return out;
}
