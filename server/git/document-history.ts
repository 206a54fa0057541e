import type { SchemaRegistry } from '../schema/schema-registry.js';
import { decodeVersion } from './decode-version.js';
import { type FieldChange, diffFields } from './diff-fields.js';
import { type DocumentAddress, type FileVersion, documentPathspecs, versionOfPath } from './document-files.js';
import type { Repository } from './open-repository.js';
import { readBlobs } from './read-blobs.js';
import { type LoggedCommit, readLog } from './read-log.js';
import { findRenameSources } from './find-rename-source.js';

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
}

/** How many renames back a history follows. */
const MAX_RENAMES = 20;

/**
 * Every commit that touched a file of the document (main, draft, locale versions, Markdown),
 * newest first, following renames (`cms mv` or `git mv`), each with the fields that changed per
 * file, computed from the decoded versions.
 */
export async function readDocumentHistory(repo: Repository, address: DocumentAddress, options: HistoryOptions): Promise<HistoryCommit[]> {
  const found: { logged: LoggedCommit; address: DocumentAddress }[] = [];
  const seen = new Set<string>();
  const renames = new Map<string, Map<string, string>>();
  let name: { address: DocumentAddress; from: string } | undefined = { address, from: 'HEAD' };
  for (let round = 0; name !== undefined && round <= MAX_RENAMES; round++) {
    const current: { address: DocumentAddress; from: string } = name;
    name = undefined;
    const logged = await readLog(repo, documentPathspecs(current.address), { from: current.from, limit: options.limit });
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

interface PendingFile {
  readonly path: string;
  readonly status: string;
  readonly version: FileVersion;
  readonly from: string | undefined;
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
      files.push({ path: file.path, status: file.status, version, from });
    }
    return { logged, address, files };
  });
  const refs = perCommit.flatMap(({ logged, files }) =>
    files.flatMap((file) => [
      { commit: logged.commit, path: file.path },
      { commit: logged.parents[0] ?? '0000000000000000000000000000000000000000', path: file.from ?? file.path },
    ]),
  );
  const texts = await readBlobs(repo, refs);
  let at = 0;
  const out: HistoryCommit[] = [];
  for (const { logged, address, files } of perCommit) {
    if (files.length === 0) continue;
    const described = files.map((file): FileHistory => {
      const after = decodeVersion(address.type, file.path, file.status === 'D' ? undefined : texts[at]);
      const before = decodeVersion(address.type, file.from ?? file.path, file.status === 'A' && file.from === undefined ? undefined : texts[at + 1]);
      at += 2;
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
